import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { compile, type CompileOptions } from '@mdx-js/mdx';
import rehypeSlug from 'rehype-slug';
import { VFile } from 'vfile';
import type { ElementContent } from 'hast';
import { currentFolder, DiagnosticError, positionAt, sharedReact, siteInputFiles, SourcePositionCollector, writeAtomically, type BundlerSite, type CompiledPage, type UnifiedPluginRef } from 'docs-gen';
import { rehypeHighlight } from './highlight.ts';
import type { HighlightReuse } from './highlight-reuse.ts';
import { rehypeCollect, type CollectedData } from './collect.ts';
import { hasImports, type CompileInput } from './compile-page.ts';
import { rehypeSiteLinks } from './rehype-site-links.ts';
import { useLinearEditMap } from './linear-edit-map.ts';
import { remarkCustomHeadingIds } from './custom-heading-id.ts';
import { rehypeMath } from './math.ts';
import { compiledMarkdown, type SourceNode } from './page-markdown.ts';
import { rehypeStaticHtml, StaticPageHtml } from './static-html.ts';
import { remarkGfmFor } from './gfm.ts';

/**
 * The MDX path of a page's compile: @mdx-js/mdx (with remark, rehype and recma, about a quarter
 * of a CPU second to load), shiki when a page has code, esbuild when it imports. `compileSource`
 * loads this module only for an `.mdx` page, so a site of Markdown pages never pays for it.
 */

type PluggableList = NonNullable<CompileOptions['remarkPlugins']>;

const loadedPlugins = new Map<string, Promise<unknown>>();

/** Registered remark/rehype plugins, imported once per worker, with their options. */
async function unifiedPlugins(refs: UnifiedPluginRef[] = []): Promise<PluggableList> {
  return Promise.all(
    refs.map(async (ref) => {
      const key = `${ref.module}#${ref.exportName ?? 'default'}`;
      let loaded = loadedPlugins.get(key);
      if (!loaded) {
        loaded = import(ref.module).then((m: Record<string, unknown>) => m[ref.exportName ?? 'default']);
        loadedPlugins.set(key, loaded);
      }
      const plugin = (await loaded) as PluggableList[number];
      return (ref.options === undefined ? plugin : [plugin, ref.options]) as PluggableList[number];
    }),
  );
}

function locateInSource(source: string | undefined, message: string): { line?: number; column?: number } {
  const specifier = /"([^"]+)"/.exec(message)?.[1];
  const offset = specifier && source ? source.indexOf(specifier) : -1;
  return offset >= 0 ? positionAt(source!, offset) : {};
}

/** A compile error with a place becomes a diagnostic; anything else is rethrown. */
function syntaxError(error: unknown, input: CompileInput): unknown {
  const e = error as { line?: number; column?: number; reason?: string; message: string; ruleId?: string };
  if (typeof e.line !== 'number' && !e.reason) return error;
  if (e.ruleId === 'component-props') {
    // Our own checks of component props (collect.ts): the message stands as written.
    return new DiagnosticError([
      { severity: 'error', code: 'component-props', message: e.reason ?? e.message, file: input.relativePath, line: e.line, column: e.column },
    ]);
  }
  // Some MDX errors carry their place only in the text: "(5:1-5:6)".
  const inText = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(e.reason ?? e.message);
  return new DiagnosticError([
    {
      severity: 'error',
      code: 'mdx-syntax',
      message: `MDX syntax error: ${(e.reason ?? e.message).replace(/\s*\(\d+:\d+(?:-\d+:\d+)?\)/, '')}`,
      file: input.relativePath,
      line: e.line ?? (inText ? Number(inText[1]) : undefined),
      column: e.column ?? (inText ? Number(inText[2]) : undefined),
    },
  ]);
}

/** The highlighter as a rehype step, unless highlighting is off. */
function highlightPlugins(input: CompileInput, reuse?: HighlightReuse): NonNullable<CompileOptions['rehypePlugins']> {
  return input.highlight === false ? [] : [[rehypeHighlight, { grammarPath: input.grammarPath, basePath: input.links.basePath, labels: input.copyLabels, reuse }]];
}

/** An `.mdx` page's body (front matter split off, math replaced by placeholders) compiled to code, with what the collector found. */
export async function compileMdx(
  input: CompileInput & { source: string },
  body: string,
  math: ElementContent[][],
  reuse?: HighlightReuse,
): Promise<CollectedData & { compiled: CompiledPage; cleanMarkdown?: string }> {
  const needsBundle = hasImports(body);
  // The page's clean Markdown comes from this parse when it is the one `pageMarkdown` would make:
  // no math (placeholders stand in for it here), no remark plugins of the site (they may extend
  // the parser). Rel outputs' data comes later: each is marked where its tables go
  // (`compiledMarkdown`, which leaves some pages to the parse). Else `pageMarkdown` parses again.
  let cleanMarkdown: string | undefined;
  const sameParse = math.length === 0 && !input.markdown?.remarkPlugins?.length;
  const recordCleanMarkdown = () => (tree: unknown) => {
    cleanMarkdown = compiledMarkdown(body, tree as SourceNode, { pageRoute: input.links.pageRoute, links: input.links });
  };
  // micromark's own edit map makes a page's parse quadratic in its size.
  await useLinearEditMap();
  const file = new VFile({ path: input.file, value: body });
  const [remarkPlugins, rehypePlugins] = await Promise.all([unifiedPlugins(input.markdown?.remarkPlugins), unifiedPlugins(input.markdown?.rehypePlugins)]);
  let code: string;
  let positions: number[] | undefined;
  try {
    const result = await compile(file, {
      format: 'mdx',
      outputFormat: needsBundle ? 'program' : 'function-body',
      development: false,
      // First, before any plugin changes the tree.
      remarkPlugins: [...(sameParse ? [recordCleanMarkdown] : []), [remarkGfmFor, body], remarkCustomHeadingIds, ...remarkPlugins],
      // The site's rehype plugins run before the collector, so headings and text they add count;
      // links are rewritten last, after the collector read them as written.
      rehypePlugins: [rehypeSlug, ...highlightPlugins(input, reuse), ...rehypePlugins, rehypeCollect, [rehypeSiteLinks, input.links], [rehypeMath, math], [rehypeStaticHtml, { links: input.links, replacedElements: input.markdown?.replacedElements }]],
      // Not a source map: the places of the page's expressions, for errors at render time.
      SourceMapGenerator: needsBundle ? undefined : (SourcePositionCollector as unknown as CompileOptions['SourceMapGenerator']),
    });
    code = String(result.value);
    positions = result.map as unknown as number[] | undefined;
  } catch (error) {
    if (!(error instanceof StaticPageHtml)) throw syntaxError(error, input);
    return { compiled: { kind: 'html', code: error.html }, ...(file.data.collected as CollectedData), ...(cleanMarkdown === undefined ? {} : { cleanMarkdown }) };
  }
  const collected = file.data.collected as CollectedData;
  const compiled: CompiledPage = needsBundle
    ? { kind: 'module', ...(await bundlePage(code, input)) }
    : { kind: 'function-body', code, ...(positions ? { positions } : {}), ...(file.data.componentsOnly === true ? { componentsOnly: true as const } : {}) };
  return { compiled, ...collected, ...(cleanMarkdown === undefined ? {} : { cleanMarkdown }) };
}

/** A bare specifier esbuild could not find is most often a package the site has not installed. */
function missingPackageHint(text: string): { hint?: string } {
  const specifier = /Could not resolve "([^"]+)"/.exec(text)?.[1];
  if (!specifier || specifier.startsWith('.') || specifier.startsWith('/')) return {};
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  return { hint: `is ${name} installed? run npm install in the site folder` };
}

type EsbuildPlugin = import('esbuild').Plugin;
type Metafile = import('esbuild').Metafile;

type BundlerPluginFactory = (options: unknown, site: BundlerSite) => EsbuildPlugin;

const loadedBundlerPlugins = new Map<string, Promise<BundlerPluginFactory>>();

/** The registered esbuild plugins, their factories imported once per worker, called with their options. */
async function bundlerPlugins(refs: UnifiedPluginRef[] = [], site: BundlerSite): Promise<EsbuildPlugin[]> {
  return Promise.all(
    refs.map(async (ref) => {
      const key = `${ref.module}#${ref.exportName ?? 'default'}`;
      let loaded = loadedBundlerPlugins.get(key);
      if (!loaded) {
        loaded = import(ref.module).then((m: Record<string, unknown>) => m[ref.exportName ?? 'default'] as BundlerPluginFactory);
        loadedBundlerPlugins.set(key, loaded);
      }
      return (await loaded)(ref.options, site);
    }),
  );
}

/** Bundles a page's imports (relative components, npm packages) into one ES module file. */
async function bundlePage(program: string, input: CompileInput): Promise<{ code: string; imports: string[] }> {
  const hash = createHash('sha1').update(input.file).update(program).digest('hex').slice(0, 16);
  const outfile = join(input.moduleDir, `${hash}.mjs`);
  const { build } = await import('esbuild');
  const plugins = input.site ? await bundlerPlugins(input.markdown?.bundlerPlugins, input.site) : [];
  let outputFiles: { path: string; contents: Uint8Array }[];
  let metafile: Metafile;
  const workingDir = currentFolder();
  try {
    ({ outputFiles, metafile } = await build({
      // Written below through a temporary name: another build of the site bundling this page at
      // the same time (same name) must never leave a render worker importing a truncated module.
      write: false,
      stdin: { contents: program, resolveDir: dirname(input.file), sourcefile: input.relativePath, loader: 'js' },
      // Not esbuild's first folder for good, which may be gone (src/util/current-folder.ts).
      absWorkingDir: workingDir,
      metafile: true,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outfile,
      logLevel: 'silent',
      jsx: 'automatic',
      // One React for the page and the renderer, by absolute URL: the page module lives in the
      // site's cache folder, where a bare `react` would find the site's own copy first.
      plugins: [sharedReact, ...plugins],
    }));
  } catch (error) {
    const errors = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors;
    if (errors?.length) {
      throw new DiagnosticError(
        errors.map((m) => {
          // In a file the page imports (a component with a syntax error): there, at esbuild's place.
          // The page itself is esbuild's stdin, which it names by its `sourcefile` under its `resolveDir`.
          const at = m.location && m.location.file !== '<stdin>' && workingDir !== undefined ? resolve(workingDir, m.location.file) : undefined;
          const inImport = at !== undefined && at !== resolve(dirname(input.file), input.relativePath) && input.site ? at : undefined;
          return {
            severity: 'error' as const,
            code: 'mdx-import',
            message: `Cannot bundle the page's imports: ${m.text}`,
            ...(inImport
              ? { file: relative(input.site!.root, inImport), line: m.location!.line, column: m.location!.column + 1 }
              : // esbuild saw compiled code: find the import's specifier in the page itself.
                { file: input.relativePath, ...locateInSource(input.source, m.text) }),
            ...missingPackageHint(m.text),
          };
        }),
      );
    }
    throw error;
  }
  // Named by what was bundled, not by the page alone: a component or data file the page imports
  // that changed gives a new module at a new URL. dev bundles the page again when an import
  // changes, and a render worker that imported the module evaluates a URL once: under the old
  // name, the page kept showing the old component.
  const bundled = createHash('sha1');
  for (const output of [...outputFiles].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) bundled.update(basename(output.path)).update('\0').update(output.contents);
  const name = bundled.digest('hex').slice(0, 16);
  const renamed = (path: string) => join(dirname(path), basename(path).replace(hash, name));
  await mkdir(input.moduleDir, { recursive: true });
  // The module and what esbuild put beside it (a stylesheet the page imports).
  await Promise.all(outputFiles.map((output) => writeAtomically(renamed(output.path), output.contents)));
  return { code: renamed(outfile), imports: siteInputFiles(metafile, workingDir) };
}
