import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * shiki's JavaScript engine turns each Oniguruma pattern of a grammar into a JavaScript RegExp
 * (oniguruma-to-es) the first time a rule is used: about 0.35 CPU s per worker for the Rel, Python
 * and JSON blocks of the bench corpus, paid again by every worker of every build. `npm run
 * build:tool` converts the patterns of the languages docs most often show once, with the very
 * function the engine calls, into `dist/plugins/content-loader/highlight-regexes/<language>.json`; a worker revives them
 * (`new RegExp(source, flags)`, or the engine's RegExp subclass with its options) and converts
 * only the patterns the table lacks (dynamic `end` patterns, other languages). The tables are
 * used only with the shiki and oniguruma-to-es versions that made them.
 */

/** The languages converted ahead (shiki ids; `rel` is the theme's grammar; Julia for the RelationalAI SDK's pages). */
export const REGEX_TABLE_LANGUAGES = ['rel', 'bash', 'python', 'json', 'javascript', 'typescript', 'yaml', 'go', 'java', 'sql', 'csharp', 'ini', 'xml', 'toml', 'julia'];

/**
 * Languages whose table holds their own grammar's patterns alone, not those of the languages they
 * embed: Julia's bundle brings C, C++, GLSL, Python, JavaScript, R and SQL (1 MB of grammars),
 * whose patterns are converted at run time when a Julia block embeds them (rare), or come from
 * their own tables. Its own patterns were 40 of the 82 ms its first blocks took a worker.
 */
const OWN_GRAMMAR_ONLY = new Set(['julia']);

/** A converted pattern: the RegExp's source and flags, and the subclass's options when the engine made one. */
type SerializedRegex = [source: string, flags: string, options?: Record<string, unknown>];

interface RegexTable {
  /** The shiki and oniguruma-to-es versions the patterns were converted with. */
  versions: string;
  patterns: Record<string, SerializedRegex>;
}

interface ShikiRegexApi {
  defaultJavaScriptRegexConstructor(pattern: string, options?: { target?: 'auto' }): RegExp;
}

/** What the engine calls when no constructor is given (shiki's own default). */
const convert = (shiki: ShikiRegexApi, pattern: string) => shiki.defaultJavaScriptRegexConstructor(pattern, { target: 'auto' });

/**
 * The versions of shiki and of the converter it uses, found the way Node resolves them from shiki.
 * In dist/ the shiki that runs is bundled into dist/vendor/ from these same packages by `npm run
 * build:tool`; after an upgrade without that rebuild the two differ, and the tables then go
 * unused (a version mismatch), which costs speed, never colours.
 */
function converterVersions(): string {
  const requireHere = createRequire(import.meta.url);
  const shikiManifest = requireHere.resolve('shiki/package.json');
  const version = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  let dir = dirname(shikiManifest);
  let converter = 'none';
  for (;;) {
    const candidate = join(dir, 'node_modules', 'oniguruma-to-es', 'package.json');
    if (existsSync(candidate)) {
      converter = version(candidate);
      break;
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return `shiki ${version(shikiManifest)}, oniguruma-to-es ${converter}`;
}

/**
 * The pattern strings vscode-textmate hands the engine for a grammar's rules: `match`, `begin`,
 * `end` and `while` as written, with `\z` rewritten as it rewrites it, and the four `\A`/`\G`
 * variants of an anchored pattern. A pattern this misses is only converted at run time.
 */
export function grammarPatterns(grammars: unknown): Set<string> {
  const patterns = new Set<string>(['\uFFFF']);
  const add = (written: string) => {
    const source = written.replace(/\\([\s\S])/g, (escape, next: string) => (next === 'z' ? '$(?!\\n)(?<!\\n)' : escape));
    patterns.add(source);
    if (!/\\[AG]/.test(source)) return;
    for (const [allowA, allowG] of [[false, false], [false, true], [true, false], [true, true]]) {
      patterns.add(source.replace(/\\([\s\S])/g, (escape, next: string) => (next === 'A' && !allowA) || (next === 'G' && !allowG) ? '\\\uFFFF' : escape));
    }
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && (key === 'match' || key === 'begin' || key === 'end' || key === 'while')) add(value);
      else walk(value);
    }
  };
  walk(grammars);
  return patterns;
}

/** The RegExp (or the engine's subclass) as the table keeps it. */
export function serializeRegex(regex: RegExp): SerializedRegex {
  const options = (regex as RegExp & { rawOptions?: Record<string, unknown> }).rawOptions;
  return options === undefined ? [regex.source, regex.flags] : [regex.source, regex.flags, options];
}

/** Writes one table per language of {@link REGEX_TABLE_LANGUAGES} into `dir` (run by `npm run build:tool`). */
export async function prebuildRegexTables(dir: string, relGrammarPath: string): Promise<void> {
  const shiki = await import('shiki');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const versions = converterVersions();
  for (const language of REGEX_TABLE_LANGUAGES) {
    const bundled = language === 'rel' ? undefined : (await shiki.bundledLanguages[language as keyof typeof shiki.bundledLanguages]()).default;
    const grammars: unknown = bundled === undefined ? JSON.parse(readFileSync(relGrammarPath, 'utf8')) : OWN_GRAMMAR_ONLY.has(language) ? bundled.filter((grammar) => grammar.name === language) : bundled;
    const patterns: Record<string, SerializedRegex> = {};
    for (const pattern of grammarPatterns(grammars)) {
      try {
        patterns[pattern] = serializeRegex(convert(shiki, pattern));
      } catch {
        // The engine cannot run it (forgiving: the rule loses colour): converted, and refused, at run time.
      }
    }
    writeFileSync(join(dir, `${language}.json`), JSON.stringify({ versions, patterns } satisfies RegexTable));
  }
}

/**
 * The engine's `regexConstructor`: patterns of the tables loaded so far are revived, any other is
 * converted as the engine would. `load(language)` reads that language's table (once; no file, or
 * other versions, and nothing is loaded).
 */
export function tableRegexConstructor(shiki: ShikiRegexApi, dir: string): { construct(pattern: string): RegExp; load(language: string): void; revived(): number } {
  const table = new Map<string, SerializedRegex>();
  const loaded = new Set<string>();
  let versions: string | undefined;
  let revivedCount = 0;
  // The engine's RegExp subclass, taken from a pattern it always makes one for (an atomic group).
  const Emulated = convert(shiki, '(?>a)').constructor as new (source: string, flags: string, options: Record<string, unknown>) => RegExp;
  return {
    construct(pattern) {
      const entry = table.get(pattern);
      if (!entry) return convert(shiki, pattern);
      revivedCount++;
      const [source, flags, options] = entry;
      return options === undefined ? new RegExp(source, flags) : new Emulated(source, flags, options);
    },
    load(language) {
      if (loaded.has(language)) return;
      loaded.add(language);
      if (!REGEX_TABLE_LANGUAGES.includes(language)) return;
      let read: RegexTable;
      try {
        read = JSON.parse(readFileSync(join(dir, `${language}.json`), 'utf8')) as RegexTable;
      } catch {
        return;
      }
      versions ??= converterVersions();
      if (read.versions !== versions) return;
      for (const [pattern, regex] of Object.entries(read.patterns)) table.set(pattern, regex);
    },
    revived: () => revivedCount,
  };
}

/** The table folder `npm run build:tool` writes, beside this module in `dist/` (none beside the source). */
export const REGEX_TABLE_DIR = fileURLToPath(new URL('./highlight-regexes/', import.meta.url));

/** Every table present (for tests). */
export const regexTableFiles = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')) : []);
