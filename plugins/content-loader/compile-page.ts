import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import remarkGfm from 'remark-gfm';
import rehypeSlug from 'rehype-slug';
import { VFile } from 'vfile';
import type { CompileOptions } from '@mdx-js/mdx';
import { renderMarkdown, type LinkContext } from './render-markdown.ts';
import { DiagnosticError, positionAt, SourcePositionCollector, type CompiledPage, type FrontMatter, type MarkdownPlugins, type UnifiedPluginRef } from 'docs-gen';
import { splitFrontMatter } from './front-matter.ts';
import { getHighlighter, rehypeHighlight } from './highlight.ts';
import { rehypeCollect, type CollectedData } from './collect.ts';
import { rehypeSiteLinks } from './rehype-site-links.ts';
import { useLinearEditMap } from './linear-edit-map.ts';
import { compileCacheKey, readCompiled, writeCompiled } from './compile-cache.ts';

export interface CompileInput {
  /** Absolute path. */
  file: string;
  /** Path relative to the site root, for messages. */
  relativePath: string;
  format: 'md' | 'mdx';
  grammarPath: string;
  /** Where bundled modules of pages with imports are written. */
  moduleDir: string;
  /** Filled in by the task itself once the file is read. */
  source?: string;
  /** Where the page's links point (they are rewritten at compile time). */
  links: LinkContext;
  /** Highlight code blocks; `check` reads no HTML and skips it. @default true */
  highlight?: boolean;
  /** The plugins' remark and rehype plugins (runnable module URLs), for MDX pages. */
  markdown?: MarkdownPlugins;
  /** The persistent cache folder; without it (`--no-cache`) nothing is read or kept. */
  cacheDir?: string;
  /** Part of the cache key only: the site's config and the text of its remark/rehype plugin modules. */
  siteHash?: string;
}

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

export interface CompileOutput extends CollectedData {
  frontMatter: FrontMatter;
  compiled: CompiledPage;
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
function highlightPlugins(input: CompileInput): NonNullable<CompileOptions['rehypePlugins']> {
  return input.highlight === false ? [] : [[rehypeHighlight, { grammarPath: input.grammarPath }]];
}

/**
 * ESM imports mean the page needs a bundler; without them, the fast function-body path serves.
 * An `import` line inside a fenced code block is code shown to the reader (a JavaScript or
 * Python example), not a statement of the page: fences are skipped, so such a page stays fast.
 */
export function hasImports(body: string): boolean {
  let fence: { char: string; length: number } | undefined;
  for (const line of body.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      // A fence closes with the same character, at least as long, and nothing after it.
      if (marker && marker[0] === fence.char && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    // A backtick fence's info string may not hold a backtick (CommonMark); a tilde fence's may.
    if (marker && !(marker[0] === '`' && line.slice(line.indexOf(marker) + marker.length).includes('`'))) {
      fence = { char: marker[0]!, length: marker.length };
      continue;
    }
    if (/^import\s/.test(line)) return true;
  }
  return false;
}

/** A cache entry is used only when it has the shape of an output (a file from an older layout is a miss). */
function isCompileOutput(value: unknown): value is CompileOutput {
  const v = value as Partial<CompileOutput> | null;
  return typeof v === 'object' && v !== null && typeof v.frontMatter === 'object' && typeof v.compiled?.code === 'string'
    && Array.isArray(v.headings) && Array.isArray(v.references) && Array.isArray(v.sections);
}

/**
 * Worker task: one page from source to compiled code, headings, references and text. With a
 * `cacheDir`, an unchanged page (same source, input, grammar and tool) is read from the
 * persistent cache instead; pages bundled with their imports are not cached, since the files
 * they import are not part of the key.
 */
export async function compilePage(input: CompileInput): Promise<CompileOutput> {
  const source = await readFile(input.file, 'utf8');
  const { cacheDir, ...keyed } = input;
  const key = cacheDir === undefined ? undefined : await compileCacheKey(source, keyed);
  if (key !== undefined) {
    const cached = await readCompiled(cacheDir!, key, isCompileOutput);
    if (cached) return cached;
  }
  const output = await compileSource({ ...keyed, source });
  if (key !== undefined && output.compiled.kind !== 'module') await writeCompiled(cacheDir!, key, output);
  return output;
}

async function compileSource(input: CompileInput & { source: string }): Promise<CompileOutput> {
  const { source } = input;
  const { frontMatter, body } = splitFrontMatter(source, input.relativePath);
  if (input.format === 'md') {
    // CommonMark needs no JavaScript: straight to HTML, no MDX compile, no React render.
    const highlighter = input.highlight === false ? undefined : await getHighlighter(input.grammarPath);
    const { html, ...collected } = await renderMarkdown(body, { links: input.links, highlighter });
    return { frontMatter, compiled: { kind: 'html', code: html }, ...collected };
  }
  const needsBundle = hasImports(body);
  // Loaded on first use: a site of plain Markdown never pays for MDX or esbuild.
  const { compile } = await import('@mdx-js/mdx');
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
      remarkPlugins: [remarkGfm, ...remarkPlugins],
      // The site's rehype plugins run before the collector, so headings and text they add count;
      // links are rewritten last, after the collector read them as written.
      rehypePlugins: [rehypeSlug, ...highlightPlugins(input), ...rehypePlugins, rehypeCollect, [rehypeSiteLinks, input.links]],
      // Not a source map: the places of the page's expressions, for errors at render time.
      SourceMapGenerator: needsBundle ? undefined : (SourcePositionCollector as unknown as CompileOptions['SourceMapGenerator']),
    });
    code = String(result.value);
    positions = result.map as unknown as number[] | undefined;
  } catch (error) {
    throw syntaxError(error, input);
  }
  const collected = file.data.collected as CollectedData;
  const compiled: CompiledPage = needsBundle
    ? { kind: 'module', code: await bundlePage(code, input) }
    : { kind: 'function-body', code, ...(positions ? { positions } : {}) };
  return { frontMatter, compiled, ...collected };
}

/** Bundles a page's imports (relative components, npm packages) into one ES module file. */
async function bundlePage(program: string, input: CompileInput): Promise<string> {
  const hash = createHash('sha1').update(input.file).update(program).digest('hex').slice(0, 16);
  const outfile = join(input.moduleDir, `${hash}.mjs`);
  const { build } = await import('esbuild');
  try {
    await build({
      stdin: { contents: program, resolveDir: dirname(input.file), sourcefile: input.relativePath, loader: 'js' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outfile,
      logLevel: 'silent',
      jsx: 'automatic',
      // One React for the page and the renderer.
      external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/server'],
    });
  } catch (error) {
    const errors = (error as { errors?: { text: string; location?: { lineText: string } | null }[] }).errors;
    if (errors?.length) {
      throw new DiagnosticError(
        errors.map((m) => ({
          severity: 'error' as const,
          code: 'mdx-import',
          message: `Cannot bundle the page's imports: ${m.text}`,
          file: input.relativePath,
          // esbuild saw compiled code: find the import's specifier in the page itself.
          ...locateInSource(input.source, m.text),
        })),
      );
    }
    throw error;
  }
  return outfile;
}
