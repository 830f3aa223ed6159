import { describe, expect, test } from 'vitest';
import { createRequire } from 'node:module';
import { simpleFrontMatter, splitFrontMatter } from '../../plugins/content-loader/front-matter.ts';
import { formatDiagnostic } from '../../src/diagnostics/format.ts';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts';

const lines = (...text: string[]) => text.join('\n');

function problems(source: string): Diagnostic[] {
  try {
    splitFrontMatter(source, 'content/page.mdx');
  } catch (error) {
    const diagnostics = (error as { diagnostics?: Diagnostic[] }).diagnostics;
    if (diagnostics) return diagnostics;
    throw error;
  }
  throw new Error('splitFrontMatter accepted the source');
}

describe('splitFrontMatter', () => {
  test('parses the front matter and replaces it with blank lines, keeping the line count', () => {
    const source = lines('---', 'title: Hello', 'description: A page', '---', '# Heading', '', 'Text', '');
    const { frontMatter, body } = splitFrontMatter(source, 'content/page.mdx');
    expect(frontMatter).toEqual({ title: 'Hello', description: 'A page' });
    expect(body).toBe(lines('', '', '', '', '# Heading', '', 'Text', ''));
    expect(body.split('\n')).toHaveLength(source.split('\n').length);
    expect(body.split('\n').indexOf('# Heading')).toBe(source.split('\n').indexOf('# Heading'));
  });

  test('a page without front matter is returned unchanged', () => {
    const source = lines('# Title', '', '---', '', 'after a thematic break');
    expect(splitFrontMatter(source, 'content/page.mdx')).toEqual({ frontMatter: {}, body: source });
  });

  test('front matter with CRLF line ends keeps the line count', () => {
    const { frontMatter, body } = splitFrontMatter('---\r\ntitle: A\r\n---\r\nbody\r\n', 'content/page.mdx');
    expect(frontMatter).toEqual({ title: 'A' });
    expect(body.split('\n')).toHaveLength(5);
    expect(body.split('\n')[3]).toBe('body\r');
  });

  test('front matter that ends the file is accepted', () => {
    expect(splitFrontMatter('---\ntitle: A\n---', 'content/page.mdx')).toEqual({ frontMatter: { title: 'A' }, body: '\n\n' });
  });

  test('accepts the seed fields with their types', () => {
    const source = lines('---', 'title: T', 'date: "2024-01-02"', 'image: null', 'lead: L', 'rai_hide_feedback_ux: true', 'custom: [1, 2]', '---', '');
    expect(splitFrontMatter(source, 'content/page.mdx').frontMatter).toEqual({
      title: 'T',
      date: '2024-01-02',
      image: null,
      lead: 'L',
      rai_hide_feedback_ux: true,
      custom: [1, 2],
    });
  });

  test('broken YAML is a front-matter-yaml error in the file', () => {
    const [d, ...rest] = problems(lines('---', 'title: a', 'description: b: c', '---', '# Body'));
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'error', code: 'front-matter-yaml', file: 'content/page.mdx' });
    expect(d!.message).toBe('Invalid front matter YAML: Nested mappings are not allowed in compact mappings');
  });

  test.each([
    ['a nested mapping on the second YAML line', lines('---', 'title: a', 'description: b: c', '---', '# Body'), 3, 14],
    ['a duplicate key', lines('---', 'title: a', 'lead: x', 'title: b', '---', ''), 4, 1],
    ['an unclosed quote on the first YAML line', lines('---', 'title: "a: b c', '---', ''), 2, 8],
  ])('broken YAML (%s) is reported at its file line, counting the opening ---, and column', (_what, source, line, column) => {
    expect(problems(source)[0]).toMatchObject({ code: 'front-matter-yaml', line, column });
  });

  test('broken YAML on the first YAML line is reported at file line 2', () => {
    expect(problems(lines('---', '@version: 1', '---', ''))).toEqual([
      {
        severity: 'error',
        code: 'front-matter-yaml',
        message: 'Invalid front matter YAML: Plain value cannot start with reserved character @',
        file: 'content/page.mdx',
        line: 2,
        column: 1,
      },
    ]);
  });

  test('front matter that is not a mapping is a front-matter-yaml error', () => {
    expect(problems(lines('---', '- a', '- b', '---', ''))).toEqual([
      { severity: 'error', code: 'front-matter-yaml', message: 'Front matter must be a YAML mapping (key: value lines)', file: 'content/page.mdx', line: 2, column: 1 },
    ]);
  });

  test('rai_hide_feedback_ux: "yes" is a front-matter-invalid error at its line', () => {
    const diagnostics = problems(lines('---', 'title: Page', 'rai_hide_feedback_ux: "yes"', '---', ''));
    expect(diagnostics).toEqual([
      {
        severity: 'error',
        code: 'front-matter-invalid',
        message: 'Front matter `rai_hide_feedback_ux` must be true or false',
        file: 'content/page.mdx',
        line: 3,
        column: 1,
      },
    ]);
  });

  test.each([
    ['title', 'title: 42', 'Front matter `title` must be a string'],
    ['description', 'description: [a]', 'Front matter `description` must be a string'],
    ['image', 'image: 7', 'Front matter `image` must be a path or null'],
  ])('a %s of the wrong type is front-matter-invalid', (_key, line, message) => {
    expect(problems(lines('---', line, '---', ''))).toEqual([expect.objectContaining({ code: 'front-matter-invalid', message, line: 2, column: 1 })]);
  });

  test('every invalid field is reported at once', () => {
    expect(problems(lines('---', 'title: 1', 'lead: 2', '---', '')).map((d) => d.line)).toEqual([2, 3]);
  });

  test('front matter that never closes is front-matter-unclosed at the opening line', () => {
    expect(problems(lines('---', 'title: Page', '', '# Body', ''))).toEqual([
      {
        severity: 'error',
        code: 'front-matter-unclosed',
        message: 'Front matter starts with --- but never ends with a --- line',
        file: 'content/page.mdx',
        line: 1,
        column: 1,
      },
    ]);
  });

  test('empty front matter is accepted and blanked', () => {
    expect(splitFrontMatter('---\n---\n# Body\n', 'content/page.mdx')).toEqual({ frontMatter: {}, body: '\n\n# Body\n' });
  });
});

describe('formatted front matter diagnostics', () => {
  test.each([
    ['front-matter-yaml', lines('---', '@version: 1', 'title: a', '---', '')],
    ['front-matter-invalid', lines('---', 'title: Page', 'rai_hide_feedback_ux: "yes"', '---', '')],
    ['front-matter-unclosed', lines('---', 'title: Page', '')],
  ])('%s', (_code, source) => {
    const [d] = problems(source);
    expect(d!.code).toBe(_code);
    expect(formatDiagnostic(d!, { source })).toMatchSnapshot();
  });
});

describe('front matter that used to be accepted silently', () => {
  test.each([
    ['an impossible calendar day', 'date: 2024-02-30', 'date', 2],
    ['a word instead of a date', 'lastmod: yesterday', 'lastmod', 2],
    ['a date in another order', 'date: 03/04/2025', 'date', 2],
  ])('%s is front-matter-invalid at its line, not written into <time dateTime>', (_, line, key, lineNumber) => {
    const [d, ...rest] = problems(lines('---', line, '---', '# Page'));
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'error', code: 'front-matter-invalid', line: lineNumber, column: 1 });
    expect(d!.message).toBe(`Front matter \`${key}\` must be a date, YYYY-MM-DD or an ISO 8601 date and time`);
  });

  test.each(['2025-03-04', '2025-03-04T10:20', '2025-03-04T10:20:30Z', '2025-03-04T10:20:30.5+01:00'])('%s is a date', (date) => {
    expect(splitFrontMatter(lines('---', `date: "${date}"`, `lastmod: ${date}`, '---', ''), 'content/page.mdx').frontMatter.date).toBe(date);
  });

  test('a NUL character in the title is front-matter-invalid at its line', () => {
    const [d] = problems(lines('---', 'description: fine', 'title: "Bad\\0title"', '---', '# Page'));
    expect(d).toMatchObject({ code: 'front-matter-invalid', line: 3, message: 'Front matter `title` must be text without NUL characters' });
  });

  test('a !!js/function tag is front-matter-yaml at the tag, not a silent string', () => {
    const [d, ...rest] = problems(lines('---', 'title: T', 'onLoad: !!js/function "function () {}"', '---', '# Page'));
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'error', code: 'front-matter-yaml', line: 3, column: 9 });
    expect(d!.message).toBe('Unsupported YAML tag !!js/function in front matter (only plain values are allowed)');
  });

  test('an alias bomb is front-matter-yaml at the first alias, not an internal error', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (const [previous, name] of [['a', 'b'], ['b', 'c'], ['c', 'd'], ['d', 'e']] as const) levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]`);
    const [d] = problems(lines('---', ...levels, '---', '# Page'));
    expect(d).toMatchObject({ code: 'front-matter-yaml', line: 3, column: 8 });
    expect(d!.message).toContain('more than 100 alias expansions');
  });
});

describe('front matter of one-line strings only is read without yaml, as yaml reads it', () => {
  const yaml = createRequire(import.meta.url)('yaml') as typeof import('yaml');

  test.each([
    'title: "Section 1 Small Existential Logic"\ndescription: "Change planner loader."\ndate: "2023-04-06"',
    "title: 'It is # not a comment: really'\nlead: \"Ünïcode, ‘quotes’ and 日本語\"",
    "title: ''\ndescription: \"\"",
    "path: 'C:\\docs\\x'",
    'title: Why RKGS\ndescription: Keep data (and logic) together, in Rel — one relation at a time.\ndate: 2025-03-10',
    'title: توثيق Rel\nlead: a  b, [c] {d} it\'s 100% & more!',
    'title: yesterday\ndescription: 1.2.3',
  ])('%j', (text) => {
    const read = simpleFrontMatter(text);
    expect(read).toBeDefined();
    expect(read).toEqual(yaml.parse(text));
    const source = `---\n${text}\n---\n# Page\n`;
    expect(splitFrontMatter(source, 'page.md').body).toBe(`${'\n'.repeat(text.split('\n').length + 2)}# Page\n`);
  });

  test.each([
    ['a boolean', 'draft: true'],
    ['a number', 'weight: 3'],
    ['a float', 'version: 1.5'],
    ['a hexadecimal number', 'code: 0x1F'],
    ['null', 'image: null'],
    ['a YAML 1.1 boolean', 'published: yes'],
    ['a colon in a plain value', 'title: Rel: a primer'],
    ['a comment after a plain value', 'title: Rel # draft'],
    ['a trailing space', 'title: Rel '],
    ['an anchor', 'title: &a Rel'],
    ['a flow sequence', 'tags: [a, b]'],
    ['a block scalar', 'description: |\n  text'],
    ['an escape', 'title: "a\\tb"'],
    ['a comment line', '# note\ntitle: "x"'],
    ['a blank line', 'title: "x"\n\ndescription: "y"'],
    ['a repeated key', 'title: "x"\ntitle: "y"'],
    ['two spaces', 'title:  "x"'],
    ['a trailing comment', 'title: "x" # note'],
    ['a doubled single quote', "title: 'it''s'"],
    ['a tab inside', 'title: "a\tb"'],
    ['a next-line character', 'title: "a\u0085b"'],
    ['a list', 'tags:\n  - "a"'],
    ['nothing', ''],
    // yaml reads keys as scalars too: `null:` is the key "", `True:` the key "true".
    ['a key yaml reads as null', 'null: "x"'],
    ['a key yaml reads as a boolean', 'True: "x"'],
    ['a key longer than yaml allows', `${'k'.repeat(1100)}: "x"`],
  ])('%s goes to yaml', (_, text) => {
    expect(simpleFrontMatter(text)).toBeUndefined();
  });

  test('the seed fields are checked on either path', () => {
    expect(() => splitFrontMatter('---\ndate: "2024-02-30"\n---\n', 'page.md')).toThrow(/must be a date/);
  });
});
