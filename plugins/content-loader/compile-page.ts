import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { compile } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import rehypeSlug from 'rehype-slug';
import rehypeRaw from 'rehype-raw';
import { build } from 'esbuild';
import { VFile } from 'vfile';
import { DiagnosticError, positionAt, type CompiledPage, type FrontMatter } from 'docs-gen';
import { splitFrontMatter } from './front-matter.ts';
import { rehypeHighlight } from './highlight.ts';
import { rehypeCollect, type CollectedData } from './collect.ts';

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

/** MDX nodes that rehype-raw must leave alone in `.mdx`; `.md` has none of them. */
const MDX_NODE_TYPES = ['mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression', 'mdxjsEsm'];

/** ESM imports mean the page needs a bundler; without them, the fast function-body path serves. */
function hasImports(body: string, format: 'md' | 'mdx'): boolean {
  return format === 'mdx' && /^import\s/m.test(body);
}

/** Worker task: one page from source to compiled code, headings, references and text. */
export async function compilePage(input: CompileInput): Promise<CompileOutput> {
  const source = await readFile(input.file, 'utf8');
  input = { ...input, source };
  const { frontMatter, body } = splitFrontMatter(source, input.relativePath);
  const needsBundle = hasImports(body, input.format);
  const file = new VFile({ path: input.file, value: body });
  let code: string;
  try {
    const result = await compile(file, {
      format: input.format,
      outputFormat: needsBundle ? 'program' : 'function-body',
      development: false,
      remarkPlugins: [remarkGfm],
      rehypePlugins: [
        // `.md` is CommonMark: raw HTML in it is HTML, not JSX.
        ...(input.format === 'md' ? [[rehypeRaw, { passThrough: MDX_NODE_TYPES }] as const] : []),
        rehypeSlug,
        [rehypeHighlight, { grammarPath: input.grammarPath }],
        rehypeCollect,
      ],
    });
    code = String(result.value);
  } catch (error) {
    const e = error as { line?: number; column?: number; reason?: string; message: string; place?: unknown };
    if (typeof e.line === 'number' || e.reason) {
      throw new DiagnosticError([
        {
          severity: 'error',
          code: 'mdx-syntax',
          message: `${input.format === 'md' ? 'Markdown' : 'MDX'} syntax error: ${e.reason ?? e.message}`,
          file: input.relativePath,
          line: e.line ?? undefined,
          column: e.column ?? undefined,
        },
      ]);
    }
    throw error;
  }
  const collected = file.data.collected as CollectedData;
  const compiled: CompiledPage = needsBundle
    ? { kind: 'module', code: await bundlePage(code, input) }
    : { kind: 'function-body', code };
  return { frontMatter, compiled, ...collected };
}

/** Bundles a page's imports (relative components, npm packages) into one ES module file. */
async function bundlePage(program: string, input: CompileInput): Promise<string> {
  const hash = createHash('sha1').update(input.file).update(program).digest('hex').slice(0, 16);
  const outfile = join(input.moduleDir, `${hash}.mjs`);
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
