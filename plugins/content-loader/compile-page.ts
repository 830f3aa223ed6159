import { readFile } from 'node:fs/promises';
import type { BundlerSite, CompiledPage, FrontMatter, MarkdownPlugins, PackedEntry, SectionOutline } from 'docs-gen';
import type { LinkContext } from './render-markdown.ts';
import type { CollectedData } from './collect.ts';
import type { CopyButtonLabels } from './highlight.ts';
import { compileCacheKey, isStoredBody, readCompiled, readHighlightedBlocks, sourceDigest, writeCompiled, type StoredCompile } from './compile-cache.ts';
import { highlightReuse } from './highlight-reuse.ts';
import type { KnownSource } from './source-index.ts';
import { fencedLines } from './fenced-lines.ts';

export interface CompileInput {
  /** Absolute path. */
  file: string;
  /** Path relative to the site root, for messages. */
  relativePath: string;
  format: 'md' | 'mdx';
  grammarPath: string;
  /** Where bundled modules of pages with imports are written. */
  moduleDir: string;
  /** The page's text; read by the task itself when absent (the build passes what its cache look-up read). */
  source?: string;
  /**
   * The cache key the build looked up on the main thread and missed: the task keeps its output
   * there and neither computes the key nor looks it up again.
   */
  missedKey?: string;
  /**
   * The key of the page's last compile, when it was another (its source changed since): the
   * task writes the code blocks that compile highlighted without highlighting them again
   * (highlight-reuse.ts). Not part of the key.
   */
  previousKey?: string;
  /** Where the page's links point (they are rewritten at compile time). */
  links: LinkContext;
  /** Highlight code blocks; `check` reads no HTML and skips it. @default true */
  highlight?: boolean;
  /** The code blocks' copy button in the page's language. @default English */
  copyLabels?: CopyButtonLabels;
  /** The plugins' remark and rehype plugins (runnable module URLs), for MDX pages. */
  markdown?: MarkdownPlugins;
  /** The persistent cache folder; without it (`--no-cache`) nothing is read or kept. */
  cacheDir?: string;
  /** Part of the cache key only: the site's config and the text of its remark/rehype plugin modules. */
  siteHash?: string;
  /** What bundler plugins are told of the site. */
  site?: BundlerSite;
}

export interface CompileOutput extends CollectedData {
  frontMatter: FrontMatter;
  /** The source after its front matter, as written: the page's Markdown output (llms.txt) is sliced from it. */
  body: string;
  compiled: CompiledPage;
  /** The page has math: the build then writes KaTeX's stylesheet and fonts. */
  usesMath: boolean;
  /** The page has a mermaid diagram: the build then writes mermaid's module. */
  usesMermaid: boolean;
  /**
   * An `.mdx` page's clean Markdown (without its title), made from the compile's own parse so that
   * `pageMarkdown` need not parse the page again; absent when that parse is not the one it would
   * make (math, `<RelOutput>`, the site's remark plugins).
   */
  cleanMarkdown?: string;
}

/**
 * ESM imports mean the page needs a bundler; without them, a function body (or, for Markdown alone, HTML) serves.
 * An `import` line inside a fenced code block is code shown to the reader (a JavaScript or
 * Python example), not a statement of the page: fences are skipped, so such a page stays fast.
 */
export function hasImports(body: string): boolean {
  for (const line of fencedLines(body)) if (line.place === 'prose' && /^import\s/.test(line.text)) return true;
  return false;
}

/** `compilePageIntoCache`'s answer: the output is in the compile cache there, under the task's `missedKey`. */
export interface FiledCompile {
  filed: PackedEntry;
}

export const isFiledCompile = (value: unknown): value is FiledCompile => typeof value === 'object' && value !== null && 'filed' in value;

/** A cache entry is used only when it has the shape of a stored output (a file from an older layout is a miss). */
function isStoredCompile(value: unknown): value is StoredCompile<CompileOutput> {
  const v = value as (Partial<Omit<CompileOutput, 'compiled' | 'body' | 'sections'>> & { compiled?: { kind?: unknown; code?: unknown }; body?: unknown; sections?: unknown; sectionsDigest?: unknown; textBytes?: unknown }) | null;
  return typeof v === 'object' && v !== null && typeof v.frontMatter === 'object' && isStoredBody(v.body)
    && typeof v.compiled?.kind === 'string' && v.compiled.code === null
    && Array.isArray(v.headings) && Array.isArray(v.references) && Array.isArray(v.sections) && v.sections.every(isSectionOutline) && typeof v.sectionsDigest === 'string'
    && typeof v.textBytes === 'number' && Number.isInteger(v.textBytes) && v.textBytes >= 0
    && typeof v.usesMath === 'boolean' && typeof v.usesMermaid === 'boolean';
}

function isSectionOutline(value: unknown): value is SectionOutline {
  const v = value as Partial<SectionOutline> | null;
  return typeof v === 'object' && v !== null && typeof v.id === 'string' && typeof v.title === 'string' && typeof v.trimmedLength === 'number' && (v.relOutputs === undefined || Array.isArray(v.relOutputs));
}

/** What keys a page in the cache: the input without the cache folder, the text or the key the look-up passes on. */
function keyedInput(input: CompileInput): Omit<CompileInput, 'cacheDir' | 'source' | 'missedKey' | 'previousKey'> {
  const { cacheDir: _cacheDir, source: _source, missedKey: _missedKey, previousKey: _previousKey, ...keyed } = input;
  return keyed;
}

/** The output a worker filed in the cache (`compilePageIntoCache`), read back as a hit is (its code and texts when asked for); undefined when its place no longer holds it. */
export function readFiledCompile(task: CompileInput, answer: FiledCompile): { output: Omit<CompileOutput, 'body'>; readBody: () => string } | undefined {
  const { cacheDir, missedKey, source } = task;
  if (cacheDir === undefined || missedKey === undefined || source === undefined) return undefined;
  const found = readCompiled<CompileOutput>(cacheDir, missedKey, () => source, isStoredCompile, { place: answer.filed });
  return found && { output: found.output, readBody: found.readBody };
}

/** A look-up on the main thread: the output (its body read when asked for), or the input for the task, carrying what the look-up read and the key it missed. */
export type CacheLookUp = { output: Omit<CompileOutput, 'body'>; readBody: () => string; key: string } | { task: CompileInput };

/**
 * The page's compile output from the persistent cache, or the input of the task that compiles
 * it (with the text read and the key that missed: the task does not look again). The build calls
 * it on the main thread before posting a task, so a warm build posts none. `source` is the page's
 * digest and text (source-index.ts): a page the index knows is not read unless its body is asked for.
 */
export async function cachedCompile(input: CompileInput, source: KnownSource, grammarHash?: Promise<string>): Promise<CacheLookUp> {
  if (input.cacheDir === undefined) return { task: input };
  const keyed = keyedInput(input);
  const key = await compileCacheKey(source.digest, keyed, grammarHash);
  const found = readCompiled<CompileOutput>(input.cacheDir, key, source.read, isStoredCompile);
  // With the text in hand, an entry that does not fit it is a miss now, not an error later.
  if (found && (source.text === undefined || wholeOrMiss(found.whole))) return { output: found.output, readBody: found.readBody, key };
  // A miss compiles what the file holds now: a file changed since its stat is keyed by its new text.
  const { text, digest } = source.current();
  const missedKey = digest === source.digest ? key : await compileCacheKey(digest, keyed, grammarHash);
  return { task: { ...input, source: text, missedKey } };
}

/**
 * Worker task (dev): loads what compiling pages of these formats takes (markdown-it, the MDX
 * compiler, shiki) while dev reads the site, so the first page a writer asks for does not wait for
 * it. `compilePage` imports these lazily, so that a build loads only what its pages need.
 */
export async function warmUpCompiler(formats: readonly string[]): Promise<void> {
  await Promise.all([import('./compile-source.ts'), import('shiki'), ...(formats.includes('mdx') ? [import('./compile-mdx.ts')] : [])]);
}

/**
 * Worker task (a build that will compile its pages, `prestartCompilers` in build.ts): loads the
 * Markdown compiler, which every page's compile needs, as the worker starts. Not shiki (a site
 * without code never loads it) nor the MDX compiler (a `.mdx` page of Markdown alone never needs it).
 */
export async function warmUpMarkdown(): Promise<void> {
  await import('./compile-source.ts');
}

/** The cached output, or undefined when the entry does not fit the source (a miss; the entry is removed). */
function wholeOrMiss(whole: () => CompileOutput): CompileOutput | undefined {
  try {
    return whole();
  } catch {
    return undefined;
  }
}

/**
 * Worker task: one page from source to compiled code, headings, references and text. With a
 * `cacheDir`, an unchanged page (same source, input, grammar and tool) is read from the
 * persistent cache instead; pages bundled with their imports are not cached, since the files
 * they import are not part of the key.
 */
export async function compilePage(input: CompileInput): Promise<CompileOutput> {
  return (await compile(input, false)) as CompileOutput;
}

/**
 * Worker task (a build's and `check`'s): `compilePage`, answered with where the output was
 * filed once it is in the cache under the task's `missedKey` (`FiledCompile`), else with the
 * output. The build reads it back from there as it reads a cache hit, so the page's code (20 KB,
 * most of the answer) crosses no thread until the worker that renders it reads it, and its
 * sections' texts and body none at all (the search index copies them, and the body is the source's).
 */
export async function compilePageIntoCache(input: CompileInput): Promise<CompileOutput | FiledCompile> {
  return compile(input, true);
}

async function compile(input: CompileInput, answerWithPlace: boolean): Promise<CompileOutput | FiledCompile> {
  const source = input.source ?? (await readFile(input.file, 'utf8'));
  const { cacheDir, missedKey } = input;
  const keyed = keyedInput(input);
  const key = cacheDir === undefined ? undefined : (missedKey ?? (await compileCacheKey(sourceDigest(source), keyed)));
  if (key !== undefined && missedKey === undefined) {
    const found = readCompiled<CompileOutput>(cacheDir!, key, () => source, isStoredCompile, { fresh: true });
    // Its code, body and sections read here, as the copy sent back reads them: an entry that does
    // not fit the source, or whose code or texts cannot be read, is a miss.
    const cached = found && wholeOrMiss(() => {
      const whole = found.whole();
      return { ...whole, compiled: { ...whole.compiled } };
    });
    if (cached) return cached;
  }
  // The compilers (MDX, markdown-it, shiki) load only when a page is compiled: a warm build needs none.
  const { compileSource } = await import('./compile-source.ts');
  // With the cache on, the blocks this compile writes are recorded in its entry, for the next.
  const reuse = key !== undefined && input.highlight !== false ? await highlightReuse(input, input.previousKey === undefined ? undefined : readHighlightedBlocks(cacheDir!, input.previousKey)) : undefined;
  const output = await compileSource({ ...keyed, source }, reuse);
  if (key !== undefined && output.compiled.kind !== 'module') {
    // The Markdown path's blocks are HTML in the code; the MDX path's, trees kept beside it.
    const filed = await writeCompiled(cacheDir!, key, source, output, { html: output.compiled.kind === 'html' ? reuse?.records(output.compiled.code) : undefined, trees: reuse?.writtenTrees });
    if (filed && answerWithPlace && key === missedKey) return { filed };
  }
  return output;
}
