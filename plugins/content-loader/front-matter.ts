import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { DiagnosticError, positionAt, type Diagnostic, type FrontMatter } from 'docs-gen';

/** yaml, loaded on first use (a twentieth of a CPU second at start-up): a page without front matter never needs it. */
let yamlModule: typeof Yaml | undefined;
const yaml = (): typeof Yaml => (yamlModule ??= createRequire(import.meta.url)('yaml') as typeof Yaml);

export interface SplitSource {
  frontMatter: FrontMatter;
  /** The source with the front matter replaced by blank lines, so positions stay true. */
  body: string;
}

/** A date the theme can write into `<time dateTime>`: ISO 8601, a real calendar day. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2024-02-30 over to March: a day that does not exist is not a date.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && !Number.isNaN(Date.parse(value.replace(' ', 'T')));
}

/** Text fields end up in titles, headings and the search index; a NUL byte there is never meant. */
const text = (v: unknown) => typeof v === 'string' && !v.includes('\u0000');

const FIELD_TYPES: Record<string, (value: unknown) => boolean> = {
  title: text,
  description: text,
  date: (v) => typeof v === 'string' && isIsoDate(v),
  lastmod: (v) => typeof v === 'string' && isIsoDate(v),
  image: (v) => v === null || typeof v === 'string',
  lead: text,
  rai_hide_feedback_ux: (v) => typeof v === 'boolean',
};
const FIELD_EXPECTED: Record<string, string> = {
  date: 'a date, YYYY-MM-DD or an ISO 8601 date and time',
  lastmod: 'a date, YYYY-MM-DD or an ISO 8601 date and time',
  image: 'a path or null',
  rai_hide_feedback_ux: 'true or false',
};

/** Alias expansions allowed in one page's front matter: ordinary front matter has none. */
export const MAX_ALIAS_COUNT = 100;

function firstAliasOffset(document: Yaml.Document): number {
  let offset = 0;
  yaml().visit(document, {
    Alias(_, node) {
      if (yaml().isAlias(node) && node.range) offset = node.range[0];
      return yaml().visit.BREAK;
    },
  });
  return offset;
}

/** yaml reports an unclosed quote where it gave up (the end); the opening quote is what to fix. */
function errorOffset(yamlText: string, error: { code: string; pos: [number, number]; message: string }): number {
  if (error.code === 'MISSING_CHAR' && /quote/i.test(error.message)) {
    const before = yamlText.slice(0, error.pos[0]);
    const opening = Math.max(before.lastIndexOf(': "'), before.lastIndexOf(": '"), before.lastIndexOf('- "'), before.lastIndexOf("- '"));
    if (opening >= 0) return opening + 2;
  }
  return error.pos[0];
}

/** One `key: value` line: a letter-first key, then a one-line quoted string without escapes, control characters or what some YAML reads as a line break (NEL, LS, PS) or a BOM, or a plain value. */
const SIMPLE_LINE = /^([A-Za-z][A-Za-z0-9_]*): (?:"([^"\\\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]*)"|'([^'\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]*)'|([^\s\-?:,[\]{}#&*!|>'"%@`][^#:\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]*))$/;

/** Plain values YAML's core schema reads as something other than a string (yaml's own tests), and the YAML 1.1 booleans, kept away to be safe. */
const NOT_A_STRING = [
  /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
  /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
  /^0o[0-7]+$/,
  /^[-+]?[0-9]+$/,
  /^0x[0-9a-fA-F]+$/,
  /^(?:~|[Nn]ull|NULL)?$/,
  /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/,
];

/**
 * Front matter of one-line strings only (`title: Text` or `title: "Text"` lines, as most writers
 * and generators make it) read without yaml: what yaml makes of it is certain (each value is its
 * text), and loading yaml costs a worker about a tenth of a CPU second. Anything else — numbers,
 * booleans, null, escapes, `:` or `#` in a plain value, comments, blank lines, a repeated key,
 * nesting — is undefined: yaml reads it.
 */
export function simpleFrontMatter(yamlText: string): Record<string, string> | undefined {
  if (!yamlText) return undefined;
  const data: Record<string, string> = {};
  for (const line of yamlText.split('\n')) {
    const match = SIMPLE_LINE.exec(line);
    // yaml reads a key as a scalar too (`null:` is the key "", `True:` the key "true"), and refuses an implicit key over 1024 characters.
    if (!match || Object.hasOwn(data, match[1]!) || match[1]!.length > 1000 || NOT_A_STRING.some((test) => test.test(match[1]!))) return undefined;
    const plain = match[4];
    if (plain !== undefined && (/\s$/.test(plain) || NOT_A_STRING.some((test) => test.test(plain)))) return undefined;
    data[match[1]!] = match[2] ?? match[3] ?? plain!;
  }
  return data;
}

/** Splits YAML front matter off a page and validates the seed's fields. */
export function splitFrontMatter(source: string, file: string): SplitSource {
  const match = /^---\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) {
    if (/^---\r?\n/.test(source)) {
      throw new DiagnosticError([
        { severity: 'error', code: 'front-matter-unclosed', message: 'Front matter starts with --- but never ends with a --- line', file, line: 1, column: 1 },
      ]);
    }
    return { frontMatter: {}, body: source };
  }
  const yamlText = match[1] ?? '';
  const simple = simpleFrontMatter(yamlText);
  if (simple) return validated(simple, yamlText, source, match[0], file);
  const document = yaml().parseDocument(yamlText, { prettyErrors: false });
  const diagnostics: Diagnostic[] = [];
  for (const error of document.errors) {
    const place = positionAt(yamlText, errorOffset(yamlText, error));
    diagnostics.push({
      severity: 'error',
      code: 'front-matter-yaml',
      message: `Invalid front matter YAML: ${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
      file,
      // +1: the opening --- line.
      line: place.line + 1,
      column: place.column,
    });
  }
  // A tag YAML cannot resolve (`!!js/function`, `!custom`) would silently become a string.
  for (const warning of document.warnings) {
    if (warning.code !== 'TAG_RESOLVE_FAILED') continue;
    const place = positionAt(yamlText, warning.pos[0]);
    const tag = warning.message.replace(/^Unresolved tag:\s*/, '').replace(/^tag:yaml\.org,2002:/, '!!');
    diagnostics.push({ severity: 'error', code: 'front-matter-yaml', message: `Unsupported YAML tag ${tag} in front matter (only plain values are allowed)`, file, line: place.line + 1, column: place.column });
  }
  if (diagnostics.length) throw new DiagnosticError(diagnostics);
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) ?? {};
  } catch (error) {
    // yaml refuses aliases that expand beyond the count (a "billion laughs" document).
    const place = positionAt(yamlText, firstAliasOffset(document));
    throw new DiagnosticError([
      { severity: 'error', code: 'front-matter-yaml', message: `Invalid front matter YAML: ${(error as Error).message} (more than ${MAX_ALIAS_COUNT} alias expansions)`, file, line: place.line + 1, column: place.column },
    ]);
  }
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new DiagnosticError([{ severity: 'error', code: 'front-matter-yaml', message: 'Front matter must be a YAML mapping (key: value lines)', file, line: 2, column: 1 }]);
  }
  return validated(data as FrontMatter, yamlText, source, match[0], file);
}

/** The seed's fields checked (types, dates), and the body with the front matter (`matched`) blanked. */
function validated(frontMatter: FrontMatter, yamlText: string, source: string, matched: string, file: string): SplitSource {
  const diagnostics: Diagnostic[] = [];
  for (const [key, isValid] of Object.entries(FIELD_TYPES)) {
    if (key in frontMatter && !isValid(frontMatter[key])) {
      const lineIndex = yamlText.split('\n').findIndex((l) => l.startsWith(`${key}:`));
      diagnostics.push({
        severity: 'error',
        code: 'front-matter-invalid',
        message: `Front matter \`${key}\` must be ${typeof frontMatter[key] === 'string' && frontMatter[key].includes('\u0000') ? 'text without NUL characters' : (FIELD_EXPECTED[key] ?? 'a string')}`,
        file,
        line: lineIndex >= 0 ? lineIndex + 2 : 2,
        column: 1,
      });
    }
  }
  if (diagnostics.length) throw new DiagnosticError(diagnostics);
  // Counted, not `replace(/[^\n]/g, '')`: that walked the front matter through a regular
  // expression character by character, a tenth of a millisecond a page (dev reads 10 000 at start).
  let lines = 0;
  for (let at = matched.indexOf('\n'); at !== -1; at = matched.indexOf('\n', at + 1)) lines++;
  return { frontMatter, body: '\n'.repeat(lines) + source.slice(matched.length) };
}
