import { isAlias, parseDocument, visit, type Document } from 'yaml';
import { DiagnosticError, positionAt, type Diagnostic, type FrontMatter } from 'docs-gen';

export interface SplitSource {
  frontMatter: FrontMatter;
  /** The source with the front matter replaced by blank lines, so positions stay true. */
  body: string;
}

const FIELD_TYPES: Record<string, (value: unknown) => boolean> = {
  title: (v) => typeof v === 'string',
  description: (v) => typeof v === 'string',
  date: (v) => typeof v === 'string',
  lastmod: (v) => typeof v === 'string',
  image: (v) => v === null || typeof v === 'string',
  lead: (v) => typeof v === 'string',
  rai_hide_feedback_ux: (v) => typeof v === 'boolean',
};
const FIELD_EXPECTED: Record<string, string> = {
  image: 'a path or null',
  rai_hide_feedback_ux: 'true or false',
};

/** Alias expansions allowed in one page's front matter: ordinary front matter has none. */
export const MAX_ALIAS_COUNT = 100;

function firstAliasOffset(document: Document): number {
  let offset = 0;
  visit(document, {
    Alias(_, node) {
      if (isAlias(node) && node.range) offset = node.range[0];
      return visit.BREAK;
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
  const document = parseDocument(yamlText, { prettyErrors: false });
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
  const frontMatter = data as FrontMatter;
  for (const [key, isValid] of Object.entries(FIELD_TYPES)) {
    if (key in frontMatter && !isValid(frontMatter[key])) {
      const lineIndex = yamlText.split('\n').findIndex((l) => l.startsWith(`${key}:`));
      diagnostics.push({
        severity: 'error',
        code: 'front-matter-invalid',
        message: `Front matter \`${key}\` must be ${FIELD_EXPECTED[key] ?? 'a string'}`,
        file,
        line: lineIndex >= 0 ? lineIndex + 2 : 2,
        column: 1,
      });
    }
  }
  if (diagnostics.length) throw new DiagnosticError(diagnostics);
  const blank = match[0].replace(/[^\n]/g, '');
  return { frontMatter, body: blank + source.slice(match[0].length) };
}
