// `## Title [#custom-id]` (Nextra's heading ids, issue 12): the id is the heading's, the marker
// is not text, in .md and .mdx alike — the table of contents, search and `check` all read these.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { compilePage, type CompileOutput } from '../../../plugins/content-loader/compile-page.ts';

const grammarPath = fileURLToPath(new URL('../../../theme/highlight/rel.tmLanguage.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'docs-gen-heading-ids-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function compile(format: 'md' | 'mdx', source: string): Promise<CompileOutput> {
  const file = join(dir, `page.${format}`);
  writeFileSync(file, source);
  const links = { pageRoute: '/page', folderRoute: '', hrefPrefix: '', basePath: '' };
  return compilePage({ file, relativePath: `content/page.${format}`, format, grammarPath, moduleDir: dir, links });
}

const SOURCE = '# Page\n\n## Getting *started* [#start]\n\nText here.\n\n### Plain heading\n\nMore.\n\n## Brackets [not an id]\n';

describe.each(['md', 'mdx'] as const)('a custom heading id in a .%s page', (format) => {
  test('becomes the heading id and leaves the heading text', async () => {
    const { headings, compiled } = await compile(format, SOURCE);
    expect(headings.map((h) => `${h.id} ${h.value}`)).toEqual(['page Page', 'start Getting started', 'plain-heading Plain heading', 'brackets-not-an-id Brackets [not an id]']);
    expect(compiled.code).not.toContain('[#start]');
  });

  test('keys the search sections', async () => {
    const { sections } = await compile(format, SOURCE);
    expect(sections.map((s) => `${s.id}#${s.title}`)).toContain('start#Getting started');
  });
});
