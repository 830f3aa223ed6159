import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type * as z from 'zod/mini';
import { DiagnosticError, importModuleFile, positionAt, type Diagnostic } from 'docs-gen';
import type { MetaFile } from './meta-schema.ts';
import type { MetaVerdicts } from './meta-verdicts.ts';

/** yaml, loaded on first use (a twentieth of a CPU second at start-up): only a `_meta` file with a problem needs it. */
let yamlModule: typeof Yaml | undefined;
const yaml = (): typeof Yaml => (yamlModule ??= createRequire(import.meta.url)('yaml') as typeof Yaml);

export interface ReadMeta {
  meta: MetaFile;
  /** Relative to the site root. */
  sourcePath: string;
  /** Position of each key in the file (JSON only), for messages about entries; found when first read. */
  keyPositions: Record<string, { line: number; column: number }>;
}

function jsonSyntaxError(text: string, error: Error, file: string): Diagnostic {
  // V8 says "... at position 42" or "... (line 3 column 5)".
  const lineColumn = /line (\d+) column (\d+)/.exec(error.message);
  const offset = /position (\d+)/.exec(error.message);
  const place = lineColumn
    ? { line: Number(lineColumn[1]), column: Number(lineColumn[2]) }
    : offset
      ? positionAt(text, Number(offset[1]))
      : { line: 1, column: 1 };
  return { severity: 'error', code: 'meta-syntax', message: `Invalid JSON in _meta file: ${error.message.replace(/\s*\(line \d+ column \d+\)|\s+at position \d+/, '')}`, file, ...place };
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `Unknown _meta item key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `\`${k}\``).join(', ')}`;
  if (issue.code === 'invalid_union') return 'A _meta entry must be a title string or an object with title, type, display, theme, href, newWindow or items';
  return issue.message;
}

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let value = data;
  for (const segment of path) value = (value as Record<PropertyKey, unknown> | undefined)?.[segment];
  return value;
}

/**
 * An entry is a string or an object; when an object fails, zod reports "no union member
 * matched". The object branch's own issues (say, a bad `display`) are what the writer needs.
 */
function specificIssues(issues: z.core.$ZodIssue[], data: unknown): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union') return [issue];
    const value = valueAt(data, issue.path);
    const objectBranch = issue.errors[1];
    if (typeof value !== 'object' || value === null || !objectBranch?.length) return [issue];
    return objectBranch.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
  });
}

/** The keys of a valid JSON text's top-level object, with the offset of each key's opening quote. */
export function topLevelKeys(text: string): { key: string; offset: number }[] {
  const keys: { key: string; offset: number }[] = [];
  let depth = 0;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      const start = i;
      // Skip the string: a backslash escapes the next character.
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (depth === 1 && expectKey) keys.push({ key: JSON.parse(text.slice(start, i + 1)) as string, offset: start });
      expectKey = false;
    } else if (char === '{' || char === '[') {
      depth++;
      expectKey = depth === 1 && char === '{';
    } else if (char === '}' || char === ']') depth--;
    else if (char === ',' && depth === 1) expectKey = true;
  }
  return keys;
}

/** Reads and validates one `_meta.json|js|ts` file. Problems carry the file, line and column. */
export async function readMeta(file: string, options: { root: string; cacheDir: string; sourcePath: string; timeoutMs?: number; /** The last run's verdicts on `_meta.json` files (meta-verdicts.ts), when the cache is on. */ verdicts?: MetaVerdicts }): Promise<ReadMeta> {
  const { sourcePath, verdicts } = options;
  let data: unknown;
  /** A `_meta.json` file's text: the key of its verdict. */
  let jsonText: string | undefined;
  let locate: (path: PropertyKey[], key?: string) => { line: number; column: number } | undefined = () => undefined;
  // Found when first asked for: only a message about an entry reads them, and scanning every
  // file's keys was half of reading 110 `_meta.json` files at each build's start.
  let keyPositions: () => ReadMeta['keyPositions'] = () => ({});
  if (file.endsWith('.json')) {
    // Read synchronously: a site has a `_meta` file a folder (529 at 10 000 pages), and each read
    // through the promise API is four hand-offs to libuv's threads (110 CPU ms for those 529,
    // against 14 read at once).
    const text = readFileSync(file, 'utf8');
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new DiagnosticError([jsonSyntaxError(text, error as Error, sourcePath)]);
    }
    jsonText = text;
    // JSON is YAML: its parser gives each node's offset. Only a file with a problem needs it
    // (the YAML parser cost a third of a warm build's start); the top-level keys' places, which
    // every file gives, come from a scan of the (valid) JSON text.
    let document: ReturnType<typeof Yaml.parseDocument> | undefined;
    locate = (path, key) => {
      document ??= yaml().parseDocument(text);
      if (key !== undefined) {
        // An unknown key: point at the key itself, not its value.
        const parent = document.getIn(path, true) as { items?: { key: { value?: unknown; range?: [number, number, number] } }[] } | undefined;
        const pair = parent?.items?.find((p) => p.key?.value === key);
        if (pair?.key.range) return positionAt(text, pair.key.range[0]);
      }
      for (let depth = path.length; depth >= 0; depth--) {
        const node = document.getIn(path.slice(0, depth), true);
        if (yaml().isNode(node) && node.range) return positionAt(text, node.range[0]);
      }
      return undefined;
    };
    let positions: ReadMeta['keyPositions'] | undefined;
    keyPositions = () => (positions ??= Object.fromEntries(topLevelKeys(text).map(({ key, offset }) => [key, positionAt(text, offset)])));
  } else {
    const { exports } = await importModuleFile(file, { root: options.root, cacheDir: options.cacheDir, code: 'meta-syntax', timeoutMs: options.timeoutMs });
    data = exports.default;
  }
  // Only what JSON.parse made: an imported module's object may hold symbol keys, keys that are not
  // enumerable or getters, which the schema refuses or leaves out of the copy it gives.
  // The schema, and zod with it, loads only for a file that is more than titles and was not
  // validated as it is by the last run (meta-verdicts.ts): with the config's verdict kept too
  // (src/config/load-config.ts), a rebuild whose config and `_meta` files did not change loads neither.
  const titles = file.endsWith('.json') && isTitlesOnly(data) ? data : undefined;
  // Hashed only for a file the schema would read: a file of titles needs no verdict.
  const verdictKey = titles || jsonText === undefined ? undefined : verdicts?.keyOf(jsonText);
  const kept = verdictKey === undefined ? undefined : verdicts!.get(verdictKey);
  const parsed = titles ? { success: true as const, data: titles } : kept ? { success: true as const, data: kept } : (await import('./meta-schema.ts')).metaSchema.safeParse(data);
  if (parsed.success && verdictKey !== undefined && !kept) verdicts!.set(verdictKey, parsed.data);
  if (!parsed.success) {
    throw new DiagnosticError(
      specificIssues(parsed.error.issues, data).map((issue) => {
        const keyPath = issue.path.map(String).join('.');
        if (issue.code === 'custom' && issue.params?.unsafeHref) {
          const href = String(valueAt(data, issue.path));
          return {
            severity: 'error' as const,
            code: 'meta-unsafe-href',
            message: `Unsafe link ${href} at \`${keyPath}\`: a _meta href must be an http(s) or mailto URL or a path`,
            file: sourcePath,
            keyPath,
            target: href,
            // At the `href` key, as for an unknown key.
            ...(locate(issue.path.slice(0, -1), String(issue.path.at(-1))) ?? { line: 1, column: 1 }),
          };
        }
        return {
          severity: 'error' as const,
          code: 'meta-invalid',
          message: `${issueMessage(issue)}${keyPath ? ` at \`${keyPath}\`` : ''}`,
          file: sourcePath,
          keyPath: keyPath || undefined,
          ...(locate(issue.path, issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined) ?? { line: 1, column: 1 }),
        };
      }),
    );
  }
  return {
    meta: parsed.data,
    sourcePath,
    get keyPositions() {
      return keyPositions();
    },
  };
}

/**
 * Whether parsed JSON is an object whose every entry is a title (a string without NUL), which the
 * schema gives back as it is: most `_meta` files of a large site, whose 550 validations by the
 * schema were 30 ms of dev's start at 10 000 pages. Anything else goes through the schema.
 */
function isTitlesOnly(data: unknown): data is Record<string, string> {
  // An own `__proto__` (JSON.parse makes one) the schema drops: such a file is left to it.
  if (typeof data !== 'object' || data === null || Array.isArray(data) || Object.hasOwn(data, '__proto__')) return false;
  for (const value of Object.values(data)) if (typeof value !== 'string' || value.includes('\u0000')) return false;
  return true;
}

/** `_meta` file names in precedence order for a locale: the locale's own, then the shared one. */
export function metaFileNames(locale: string): string[] {
  return [`_meta.${locale}.json`, `_meta.${locale}.ts`, `_meta.${locale}.js`, '_meta.json', '_meta.ts', '_meta.js'];
}

