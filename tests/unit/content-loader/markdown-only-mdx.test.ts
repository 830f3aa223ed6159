// Which `.mdx` pages are compiled to HTML (plugins/content-loader/static-html.ts): Markdown alone,
// with no element a plugin's component replaces. Anything with code to run is left to React.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { compilePage, type CompileOutput } from '../../../plugins/content-loader/compile-page.ts';

const dir = mkdtempSync(join(tmpdir(), 'markdown-only-mdx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let count = 0;
/**
 * Compiles an `.mdx` page by the MDX path. A page of Markdown alone would go to markdown-it
 * (reads-as-markdown.ts) unless a plugin's component replaces an element: by default one no
 * page has, which leaves the static-HTML decision as it is.
 */
async function compile(body: string, replacedElements: string[] = ['x-never-used'], options: { basePath?: string; rehypePlugins?: { module: string }[] } = {}): Promise<CompileOutput> {
  const file = join(dir, `page-${++count}.mdx`);
  writeFileSync(file, body);
  const basePath = options.basePath ?? '';
  const links = { pageRoute: '/p', folderRoute: '', hrefPrefix: basePath, basePath };
  const markdown = { remarkPlugins: [], rehypePlugins: options.rehypePlugins ?? [], replacedElements };
  return compilePage({ file, relativePath: `page-${count}.mdx`, format: 'mdx', grammarPath: '', moduleDir: dir, links, highlight: false, markdown });
}

/** A rehype plugin of the site's, `code` written as a module file of its own, as the compile names it. */
function rehypePlugin(code: string): { module: string } {
  const plugin = join(dir, `plugin-${++count}.mjs`);
  writeFileSync(plugin, code);
  return { module: pathToFileURL(plugin).href };
}

const TABLE = '| a | b |\n| - | - |\n| 1 | 2 |\n';

describe('an .mdx page is compiled to HTML', () => {
  test('when it is Markdown alone; links to other sites open in a new tab and every image loads lazily, as the theme renders them', async () => {
    const { compiled, headings, references } = await compile('# Title\n\n## Part\n\nSee [here](/other), [there](https://example.com) and ![pic](https://example.com/p.png).\n');
    expect(compiled.kind).toBe('html');
    expect(compiled.code).toContain('<h2 id="part">Part</h2>');
    expect(compiled.code).toContain('<a href="/other">here</a>');
    expect(compiled.code).toContain('<a target="_blank" rel="noreferrer" href="https://example.com">there</a>');
    expect(compiled.code).toContain('<img loading="lazy" decoding="async" src="https://example.com/p.png" alt="pic"/>');
    // The collector ran all the same.
    expect(headings.map((h) => h.id)).toEqual(['title', 'part']);
    expect(references.map((r) => r.url)).toEqual(['/other', 'https://example.com', 'https://example.com/p.png']);
  });

  test("an image's URL is the built site's, with the base path, as the .md renderer writes it", async () => {
    const { compiled } = await compile('![pic](/a.png) ![beside](b.png)\n', undefined, { basePath: '/docs' });
    expect(compiled.code).toBe('<p><img loading="lazy" decoding="async" src="/docs/a.png" alt="pic"/> <img loading="lazy" decoding="async" src="/docs/b.png" alt="beside"/></p>');
  });

  test("an attribute a site's rehype plugin set wins over the theme's, as it does in the theme's components", async () => {
    const plugin = rehypePlugin(
      [
        'const walk = (node) => {',
        "  if (node.tagName === 'img') node.properties.loading = 'eager';",
        "  if (node.tagName === 'a') node.properties.target = '_self';",
        '  for (const child of node.children ?? []) walk(child);',
        '};',
        'export default () => walk;',
        '',
      ].join('\n'),
    );
    const { compiled } = await compile('[there](https://example.com) ![pic](/a.png)\n', [], { rehypePlugins: [plugin] });
    expect(compiled.kind).toBe('html');
    expect(compiled.code).toContain('<a target="_self" rel="noreferrer" href="https://example.com">there</a>');
    expect(compiled.code).toContain('<img loading="eager" decoding="async" src="/a.png" alt="pic"/>');
  });

  test('when the elements plugins replace are not in it', async () => {
    expect((await compile('Text only.\n', ['table', 'pre'])).compiled.kind).toBe('html');
  });
});

describe('an .mdx page is rendered by React', () => {
  test.each([
    ['a JSX element', '# T\n\n<Alert type="info">Hi</Alert>\n'],
    ['a lower-case JSX element', 'Some <span>text</span>.\n'],
    ['a flow expression', '# T\n\n{1 + 1}\n'],
    ['a text expression', 'Two is {1 + 1}.\n'],
    ['an export', 'export const answer = 42\n\n# T\n'],
    ['a comment', '# T\n\n{/* a note */}\n'],
  ])('with %s', async (_what, body) => {
    expect((await compile(body)).compiled.kind).toBe('function-body');
  });

  test('with an element a plugin replaces', async () => {
    expect((await compile(TABLE, ['table'])).compiled.kind).toBe('function-body');
    expect((await compile(TABLE, ['pre'])).compiled.kind).toBe('html');
  });

  test("when a plugin replaces MDX's wrapper, which every page has", async () => {
    expect((await compile('Text only.\n', ['wrapper'])).compiled.kind).toBe('function-body');
  });
});

describe('an .mdx page with JSX is marked when its code only builds elements (componentsOnly, for the rendered-page cache)', () => {
  test.each([
    ['literal JSX, a component with string and boolean attributes, an element', '<Alert type="info" open>Read **this**.</Alert>\n\nPress <kbd>K</kbd>.\n'],
    ['an expression that holds only a comment, in a block and in a line', '{/* for the writers */}\n\n<Alert type="info">Text {/* aside */} here.</Alert>\n'],
    ['a component under a name with a dot, and a fragment', '<Tabs.Tab title="One">Body</Tabs.Tab>\n\n<>Both</>\n'],
    ['literal expressions: a space, a number, true and null, in text and attributes', "<DocImage src=\"/a.png\" alt=\"A\" width={90} open={true} />\n\nA{' '}space, {42}, {null} and {\"text\"}.\n"],
  ])('marked: %s', async (_name, body) => {
    const { compiled } = await compile(`# Title\n\n${body}`);
    expect(compiled.kind).toBe('function-body');
    expect(compiled.componentsOnly).toBe(true);
  });

  test.each([
    ["a literal's raw text that is not its value", 'String(process.env.STAMP)'],
    ['a literal with a comment', '"two"', [{ type: 'Block', value: ' note ' }]],
  ])("not marked: a site plugin's hand-made expression, %s", async (_name, raw, comments = []) => {
    const literal = `{ type: 'Literal', value: 'two', raw: ${JSON.stringify(raw)} }`;
    const plugin = rehypePlugin(
      `export default () => (tree) => {\n  const visit = (node) => (node.children ?? []).forEach((child, i) => {\n    if (child.type === 'text' && child.value.includes('STAMP')) node.children[i] = { type: 'mdxTextExpression', value: '', data: { estree: { type: 'Program', sourceType: 'module', comments: ${JSON.stringify(comments)}, body: [{ type: 'ExpressionStatement', expression: ${literal} }] } } };\n    else visit(child);\n  });\n  visit(tree);\n};\n`,
    );
    const { compiled } = await compile('# Title\n\n<kbd>K</kbd> STAMP\n', undefined, { rehypePlugins: [plugin] });
    expect(compiled.kind).toBe('function-body');
    expect(compiled.componentsOnly).toBeUndefined();
  });

  test.each([
    ['an expression', 'One and two make {1 + 2}.\n'],
    ['a computed attribute', "<Alert type={['in', 'fo'].join('')}>Text.</Alert>\n"],
    ['an attribute that is a regular expression', '<Alert type="info" pattern={/x/}>Text.</Alert>\n'],
    ['an attribute that is a big integer', '<Alert type="info" count={1n}>Text.</Alert>\n'],
    ['a sum of literals', "Two is {1 + 1}, and {'a' + 'b'}.\n"],
    ['a spread attribute', "<Alert {...{ type: 'info' }}>Text.</Alert>\n"],
    ['an export', "export const level = 'info';\n\n<Alert type=\"info\">Text.</Alert>\n"],
  ])('not marked: %s', async (_name, body) => {
    const { compiled } = await compile(`# Title\n\n${body}`);
    expect(compiled.kind).toBe('function-body');
    expect(compiled.componentsOnly).toBeUndefined();
  });
});

describe('a highlighted code block on a page React renders', () => {
  const grammarPath = fileURLToPath(new URL('../../../theme/highlight/rel.tmLanguage.json', import.meta.url));
  const BLOCKS = '<Alert type="info">Read on.</Alert>\n\n```python title="os.py" {1}\nimport os\nprint(os.name)\n```\n\n```mermaid\ngraph TD\n  A --> B\n```\n';
  async function compileHighlighted(body: string, replacedElements: string[] = ['x-never-used'], rehypePlugins: { module: string }[] = []): Promise<CompileOutput> {
    const file = join(dir, `page-${++count}.mdx`);
    writeFileSync(file, body);
    const links = { pageRoute: '/p', folderRoute: '', hrefPrefix: '', basePath: '' };
    return compilePage({ file, relativePath: `page-${count}.mdx`, format: 'mdx', grammarPath, moduleDir: dir, links, highlight: true, markdown: { remarkPlugins: [], rehypePlugins, replacedElements } });
  }

  test('is its div with its lines as one string of HTML, not a JSX call per token; the page still only builds elements', async () => {
    const { compiled } = await compileHighlighted(`# Title\n\n${BLOCKS}`);
    expect(compiled.kind).toBe('function-body');
    expect(compiled.code.match(/dangerouslySetInnerHTML/g)).toHaveLength(1);
    expect(compiled.code).toContain('className: "code-block has-title"');
    expect(compiled.code).toMatch(/__html: "<div class=\\"code-title\\">os\.py<\/div>.*<span class=\\"line highlighted\\">/);
    expect(compiled.code).not.toMatch(/className: "tk-/);
    // One string of HTML, for the Python block: the diagram is no highlighted block.
    expect(compiled.componentsOnly).toBe(true);
  });

  test.each([
    ['an element named as a component', "block.children.push({ type: 'element', tagName: 'Badge', properties: {}, children: [] });"],
    ['a property MDX and React read otherwise (false, a number for a boolean attribute, a style)', "pre.properties.dataWrapped = false; pre.properties.hidden = 0; pre.properties.style = 'color: red';"],
  ])("stays a tree when a site's rehype plugin adds %s", async (name, change) => {
    const plugin = rehypePlugin(
      `export default () => (tree) => {\n  for (const block of tree.children) {\n    if (block.type !== 'element' || block.tagName !== 'div') continue;\n    const pre = block.children.find((c) => c.tagName === 'pre');\n    ${change}\n  }\n};\n`,
    );
    const { compiled } = await compileHighlighted(`# Title\n\n${BLOCKS}`, undefined, [plugin]);
    expect(compiled.code, name).not.toContain('dangerouslySetInnerHTML');
  });

  test('stays a tree when a component replaces an element it holds, its div, or wraps the page', async () => {
    for (const replaced of ['span', 'div', 'wrapper']) {
      const { compiled } = await compileHighlighted(`# Title\n\n${BLOCKS}`, [replaced]);
      expect(compiled.code, replaced).not.toContain('dangerouslySetInnerHTML');
    }
  });
});
