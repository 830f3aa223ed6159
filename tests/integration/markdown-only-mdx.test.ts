// A plugin's MDX component that replaces an HTML element (`table`) still renders every table of
// an `.mdx` page, though pages of Markdown alone skip React (plugins/content-loader/static-html.ts):
// a page holding a replaced element is rendered by React; one without stays HTML. The site is
// built first without the plugin, so the second build finds the pages compiled and rendered in
// its cache: a plugin that comes later must still take over the tables.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { tempSite, tmp, type TempSite } from '../helpers.ts';

describe('a plugin component that replaces an element of Markdown', () => {
  let site: TempSite;
  let out: string;
  let tablesBefore: string;
  const page = (route: string) => readFileSync(join(out, route, 'index.html'), 'utf8');
  const config = (plugins: string) => `import { defineConfig } from 'docs-gen';\n\nexport default defineConfig({ title: 'Tables', plugins: [${plugins}] });\n`;

  beforeAll(async () => {
    site = tempSite({
      'docs-gen.config.ts': config(''),
      'ScrollingTable.tsx': [
        "import type { ComponentProps } from 'react';",
        '',
        "export function ScrollingTable(props: ComponentProps<'table'>) {",
        '  return <div className="scrolling-table"><table {...props} /></div>;',
        '}',
        '',
      ].join('\n'),
      'content/index.mdx': '# Home\n\nNo table here.\n',
      'content/tables.mdx': '# Tables\n\n| Name | Size |\n| ---- | ---: |\n| a    | 1    |\n',
    });
    out = join(tmp(), 'out');
    await build({ root: site.root, outDir: out });
    tablesBefore = page('tables');
    writeFileSync(
      join(site.root, 'docs-gen.config.ts'),
      config("{ name: 'acme:scrolling-tables', mdxComponents: { table: { module: new URL('./ScrollingTable.tsx', import.meta.url).href, exportName: 'ScrollingTable' } } }"),
    );
    await build({ root: site.root, outDir: out });
  });
  afterAll(() => {
    site.cleanup();
    rmSync(join(out, '..'), { recursive: true, force: true });
  });

  test('renders the tables of a page of Markdown alone, though the page was kept compiled to HTML before the plugin came', () => {
    expect(tablesBefore).toContain('<div class="markdown-content"><h1 id="tables">Tables</h1>');
    expect(page('tables')).toContain('<div class="scrolling-table"><table><thead><tr><th>Name</th><th style="text-align:right">Size</th></tr></thead>');
  });

  test('leaves a page without the element as HTML', () => {
    expect(page('')).toContain('<div class="markdown-content"><h1 id="home">Home</h1>');
    expect(page('tables')).not.toContain('markdown-content');
  });
});
