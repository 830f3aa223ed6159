import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import {
  DEFAULT_REL_OUTPUT_PATH,
  positionAt,
  readCacheEntry,
  resolveRelOutputSrc,
  toolBuildId,
  writeCacheEntry,
  workerModuleUrl,
  type ContentPage,
  type Diagnostic,
  type Plugin,
  type PluginContext,
  type RelOutputData,
  type RelOutputRelation,
  type RelValueKind,
  type SourceReference,
} from 'docs-gen';
import { findOutputSources, OUTPUTS_SUFFIX, type OutputSource } from './output-files.ts';

export const REL_OUTPUT = 'docs-gen:rel-output';

export interface RelOutputOptions {
  /** URL path the outputs are served under (the seed's rel-output path). @default '/rel-output' */
  path?: string;
}

/** What the viewer's decoder (`theme/mdx/rel-output/decode-file.ts`) says of a file. */
type DecodeResult = { ok: true; relations: RelOutputRelation[] } | { ok: false; reason: string };

interface LoadedOutput extends OutputSource {
  /** Relative to the site root. */
  sourcePath: string;
  text: string;
  result: DecodeResult;
}

let decoder: Promise<{ decodeOutputFile: (input: { text: string }) => DecodeResult }> | undefined;

/**
 * What the decoder made of each file this run read (a file it refused is not kept), by the text's digest
 * (`<cacheDir>/rel-output/decoded.json`, with the tool's build id: another docs-gen may decode
 * otherwise). The Rel site's 271 outputs took its every build 60 ms of decoding, after loading
 * apache-arrow, on the main thread; a file whose text is unchanged is now only read and hashed.
 */
interface DecodedOutputs {
  tool: string;
  results: Record<string, DecodeResult>;
}

const DECODED_ENTRY = 'decoded';
const isDecodedOutputs = (value: unknown): value is DecodedOutputs => typeof (value as Partial<DecodedOutputs>)?.tool === 'string' && typeof (value as Partial<DecodedOutputs>).results === 'object' && (value as Partial<DecodedOutputs>).results !== null;
const textDigest = (text: string) => createHash('sha256').update(text).digest('hex');
/** The kinds of value the decoder gives a column: every `RelValueKind` (the compiler holds this to the type). */
const VALUE_KINDS: Record<RelValueKind, true> = { int: true, float: true, decimal: true, string: true, char: true, symbol: true, date: true, datetime: true, bool: true, entity: true, missing: true };
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isColumn = (value: unknown) => isRecord(value) && typeof value.label === 'string' && typeof value.kind === 'string' && Object.hasOwn(VALUE_KINDS, value.kind);
const isRelation = (value: unknown) =>
  isRecord(value) &&
  typeof value.relationId === 'string' &&
  typeof value.id === 'string' &&
  Array.isArray(value.columns) &&
  value.columns.every(isColumn) &&
  Array.isArray(value.rows) &&
  value.rows.every((row) => Array.isArray(row) && row.length === (value.columns as unknown[]).length && row.every((cell) => typeof cell === 'string' || cell === null));
/**
 * A kept result: a file the decoder read, every relation whole. Anything else (an entry damaged
 * or of another shape) is decoded again, and the entry written anew. A file it refused is not
 * kept: the build stops at it, and its message quotes Node's own (`JSON.parse`'s), which another
 * Node words otherwise.
 */
const isKeptResult = (value: unknown): value is DecodeResult & { ok: true } => isRecord(value) && value.ok === true && Array.isArray(value.relations) && value.relations.every(isRelation);

/** The decoder's results this run can reuse and the ones it makes; `save` keeps those of this run's files alone. */
class DecodeCache {
  private readonly made: Record<string, DecodeResult> = {};
  private changed = false;

  private constructor(
    private readonly dir: string | undefined,
    private readonly tool: string,
    private readonly known: Record<string, DecodeResult>,
    /** Whether the run reads every output file: else (a run of `contentLoaded` alone) what it did not read stays kept. */
    private readonly whole: boolean,
  ) {}

  /** With `--no-cache`, nothing is read or kept. */
  static async open(context: PluginContext, whole: boolean): Promise<DecodeCache> {
    const tool = await toolBuildId();
    if (!context.persistentCache) return new DecodeCache(undefined, tool, {}, whole);
    const dir = join(context.cacheDir, 'rel-output');
    const kept = await readCacheEntry(dir, DECODED_ENTRY, isDecodedOutputs);
    return new DecodeCache(dir, tool, kept?.tool === tool ? kept.results : {}, whole);
  }

  /** The decoder's result for `text`: the one kept for its digest, or decoded now. */
  async resultOf(text: string): Promise<DecodeResult> {
    const digest = textDigest(text);
    const made = this.made[digest];
    if (made) return made;
    const known = Object.hasOwn(this.known, digest) ? this.known[digest] : undefined;
    if (isKeptResult(known)) return (this.made[digest] = known);
    decoder ??= import(workerModuleUrl(import.meta.url, '../../theme/mdx/rel-output/decode-file.js'));
    const result = (await decoder).decodeOutputFile({ text });
    this.changed = true;
    return (this.made[digest] = result);
  }

  /** Keeps this run's results (with the others kept, after a run that did not read every file) when any is new or any kept one went unused. */
  async save(): Promise<void> {
    if (!this.dir || (!this.changed && (!this.whole || Object.keys(this.known).length === Object.keys(this.made).length))) return;
    const results = Object.fromEntries(Object.entries(this.whole ? this.made : { ...this.known, ...this.made }).filter(([, result]) => result.ok));
    await writeCacheEntry(this.dir, DECODED_ENTRY, { tool: this.tool, results } satisfies DecodedOutputs);
  }
}

/**
 * Reads one output file and has the viewer's own decoder check it (or takes what it said of the
 * same text before). It runs on the main thread, which idles while the pool compiles pages:
 * example outputs are small, and a worker would first have to load apache-arrow behind the
 * compile queue.
 */
async function loadOutput(context: PluginContext, file: string, source: OutputSource, decoded: DecodeCache): Promise<LoadedOutput> {
  const text = await readFile(file, 'utf8');
  return { ...source, sourcePath: relative(context.root, file).split('\\').join('/'), text, result: await decoded.resultOf(text) };
}

/** Seed §8's parse message, naming the file; a JSON syntax error also gets its line and column. */
function invalidOutput(output: LoadedOutput & { result: { ok: false } }): Omit<Diagnostic, 'plugin' | 'hook'> {
  const at = /at position (\d+)/.exec(output.result.reason);
  // The place goes to line and column; Node versions word the rest of it differently.
  const reason = output.result.reason.replace(/\s*in JSON at position \d+(?: \(line \d+ column \d+\))?/, '');
  return {
    severity: 'error',
    code: 'rel-output-invalid',
    message: `Failed to parse ${output.sourcePath.replace(/\.json$/i, '')}.json due to ${reason}.`,
    file: output.sourcePath,
    ...(at ? positionAt(output.text, Number(at[1])) : {}),
  };
}

/**
 * The rel-output copier (seed §5, §7): example outputs live beside the page that shows them
 * (`basic-syntax.mdx` → `basic-syntax.outputs/example1.json`) and are written under the
 * rel-output path (`/rel-output/rel/primer/basic-syntax/example1.json`). Every file is checked
 * with the viewer's decoder; every `<RelOutput src>` must name a file.
 */
/**
 * The folder and name a page's outputs are found by. Kept by page object: dev hands the plugin
 * the same object while a page is unchanged, and working the paths out for every page again
 * took 30 ms an edit at 10 000 pages.
 */
const outputKeys = new WeakMap<ContentPage, { contentDir: string; key: string }>();
function outputKeyOf(page: ContentPage, context: PluginContext): string {
  const known = outputKeys.get(page);
  if (known?.contentDir === context.contentDir) return known.key;
  const key = `${dirname(relative(context.contentDir, join(context.root, page.sourcePath))).split('\\').join('/').replace(/^\.$/, '')}/${page.name}`;
  outputKeys.set(page, { contentDir: context.contentDir, key });
  return key;
}

/**
 * A page's `<RelOutput src>` references, kept by page object as `outputKeys` is: going through
 * every reference of 10 000 pages on each dev save, each an object of its own in memory, took
 * 10 to 15 ms of it.
 */
const relOutputReferences = new WeakMap<ContentPage, readonly SourceReference[]>();
const NO_REFERENCES: readonly SourceReference[] = [];
function relOutputReferencesOf(page: ContentPage): readonly SourceReference[] {
  let references = relOutputReferences.get(page);
  if (!references) {
    const found = (page.references ?? []).filter((ref) => ref.kind === 'rel-output');
    references = found.length ? found : NO_REFERENCES;
    relOutputReferences.set(page, references);
  }
  return references;
}

export default function relOutput(options: RelOutputOptions = {}): Plugin<LoadedOutput[]> {
  const relOutputPath = (options.path ?? DEFAULT_REL_OUTPUT_PATH).replace(/\/+$/, '');
  /** The decodings of this run: opened by `loadContent` (or by `contentLoaded` for a site with outputs only in public/), kept once `contentLoaded` has decoded the files in public/ pages name. */
  let decodedThisRun: Promise<DecodeCache> | undefined;
  /** Whether this run of the hooks began with `loadContent` (dev may run `contentLoaded` alone): only such a run reads every output file, and may drop what it did not read. */
  let loadedThisRun = false;
  return {
    name: REL_OUTPUT,
    async loadContent({ context }) {
      const sources = await findOutputSources(context.contentDir, relOutputPath, context.listContent());
      decodedThisRun = undefined;
      loadedThisRun = true;
      // A site without outputs reads no cache.
      if (!sources.length) return [];
      const decoded = await (decodedThisRun = DecodeCache.open(context, true));
      return Promise.all(sources.map((source) => loadOutput(context, join(context.contentDir, source.contentPath), source, decoded)));
    },
    async contentLoaded({ content, pages, actions, context }) {
      const files: Record<string, RelOutputRelation[]> = {};
      // Reported once as invalid; a src naming one is not "missing" too.
      const invalid = new Set<string>();
      for (const output of content) {
        if (!output.result.ok) {
          actions.report(invalidOutput(output as LoadedOutput & { result: { ok: false } }));
          invalid.add(output.urlPath);
          continue;
        }
        files[output.urlPath] = output.result.relations;
        actions.emitFile(output.urlPath, output.text);
      }
      // Worked out only when there are outputs: a site without any skips 10 000 pages' paths.
      const pageKeys = content.length ? new Set(pages.map((p) => outputKeyOf(p, context))) : new Set<string>();
      for (const output of content) {
        if (!pageKeys.has(`${output.page.folder}/${output.page.name}`)) {
          actions.report({ severity: 'warning', code: 'rel-output-orphan', message: `${output.sourcePath} is beside no page: ${output.page.name}${OUTPUTS_SUFFIX}/ needs a page named ${output.page.name}`, file: output.sourcePath });
        }
      }
      for (const page of pages) {
        for (const ref of relOutputReferencesOf(page)) {
          const target = resolveRelOutputSrc(ref.url, { pageRoute: page.route, relOutputPath });
          if (target.kind === 'external' || files[target.path] || invalid.has(target.path)) continue;
          // A path on the site may also name a JSON file in public/.
          const publicFile = join(context.publicDir, target.path);
          if (!target.path.startsWith(`${relOutputPath}/`) && existsSync(publicFile)) {
            const output = await loadOutput(context, publicFile, { contentPath: '', urlPath: target.path, page: { folder: '', name: '' } }, await (decodedThisRun ??= DecodeCache.open(context, loadedThisRun)));
            if (output.result.ok) files[target.path] = output.result.relations;
            else {
              actions.report(invalidOutput(output as LoadedOutput & { result: { ok: false } }));
              invalid.add(target.path);
            }
            continue;
          }
          const expected = ref.url.startsWith('/')
            ? `no output file is served at ${target.path}`
            : `add ${join(dirname(page.sourcePath), `${page.name}${OUTPUTS_SUFFIX}`, ref.url.replace(/\.json$/i, '')).split('\\').join('/')}.json`;
          actions.report({ severity: 'error', code: 'rel-output-missing', message: `Rel output ${ref.url} was not found: ${expected}`, file: page.sourcePath, line: ref.line, column: ref.column, target: ref.url });
        }
      }
      // Kept once every file of the run is decoded: what the next run reuses is this run's alone.
      if (decodedThisRun) await (await decodedThisRun).save();
      decodedThisRun = undefined;
      loadedThisRun = false;
      const data: RelOutputData = { path: relOutputPath, files };
      actions.setGlobalData(data);
      actions.setThemeData({ relOutputs: data });
    },
  };
}
