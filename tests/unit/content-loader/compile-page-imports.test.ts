import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { compilePage, hasImports } from '../../../plugins/content-loader/compile-page.ts';

const dir = mkdtempSync(join(tmpdir(), 'compile-page-imports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function compiledKind(name: string, body: string): Promise<string> {
  const file = join(dir, name);
  writeFileSync(file, body);
  const links = { pageRoute: '/p', folderRoute: '', hrefPrefix: '', basePath: '' };
  const output = await compilePage({ file, relativePath: name, format: 'mdx', grammarPath: '', moduleDir: dir, links, highlight: false });
  return output.compiled.kind;
}

describe('an .mdx page is bundled only when the page itself imports', () => {
  test('a page whose only import is inside a code fence is not bundled: it is Markdown alone, compiled to HTML', async () => {
    const body = '# Example\n\n```js\nimport { x } from "./x.js";\n```\n\n~~~python\nimport os\n~~~\n';
    expect(await compiledKind('fenced.mdx', body)).toBe('html');
  });

  test('a page with code to run and an import only inside a fence takes the function-body path', async () => {
    const body = '# Example {1 + 1}\n\n```js\nimport { x } from "./x.js";\n```\n';
    expect(await compiledKind('fenced-with-expression.mdx', body)).toBe('function-body');
  });

  test('a page with a real import is still bundled into a module', async () => {
    writeFileSync(join(dir, 'value.js'), 'export const value = 1;\n');
    const body = 'import { value } from "./value.js";\n\n# Example {value}\n\n```js\nimport { y } from "./y.js";\n```\n';
    expect(await compiledKind('imports.mdx', body)).toBe('module');
  });

  test.each([
    ['an import at the top', 'import A from "./a.js"\n\n# T\n', true],
    ['an import after a closed fence', '```js\ncode\n```\nimport A from "./a.js"\n', true],
    ['an import in a backtick fence', '```js\nimport A from "./a.js"\n```\n', false],
    ['an import in a longer fence that a shorter one does not close', '````md\n```\nimport A from "./a.js"\n````\n', false],
    ['an import in a tilde fence', '~~~\nimport A from "./a.js"\n~~~\n', false],
    ['an import in a fence that never closes', '```js\nimport A from "./a.js"\n', false],
    ['an indented import', '  import A from "./a.js"\n', false],
    ['the word import in prose', 'important: import nothing\n', false],
  ])('%s', (_name, body, expected) => {
    expect(hasImports(body)).toBe(expected);
  });
});
