// What a page's front matter changes in a rebuild: the render workers get the page map without
// its items' front matter (nothing they render reads another page's), so a field only the page
// itself shows re-renders that page alone, and the output is still a build from nothing's.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { filesOf, tempSite, tmp } from '../helpers.ts';

const site = tempSite({
  'docs-gen.config.ts': "export default { title: 'Front matter' };\n",
  'content/index.md': '---\ndescription: The first words.\n---\n# Home\n\nWelcome.\n',
  'content/guide.md': '---\ndescription: How to begin.\ndate: 2024-05-01\n---\n# Guide\n\nRead on.\n',
  'content/later.md': '# Later\n\nThe end.\n',
});
const outs = tmp();
afterAll(() => {
  site.cleanup();
  rmSync(outs, { recursive: true, force: true });
});

test("a page's description changed re-renders that page alone, and a title changed every page", async () => {
  await build({ root: site.root, outDir: join(outs, 'cached') });
  const guide = join(site.root, 'content', 'guide.md');
  writeFileSync(guide, readFileSync(guide, 'utf8').replace('How to begin.', 'Where to start.').replace('2024-05-01', '2025-06-02'));
  const { reRendered } = await build({ root: site.root, outDir: join(outs, 'cached') });
  expect(reRendered).toEqual(['/guide']);
  expect(readFileSync(join(outs, 'cached', 'guide', 'index.html'), 'utf8')).toContain('Where to start.');
  await build({ root: site.root, outDir: join(outs, 'uncached'), cache: false });
  expect(filesOf(join(outs, 'cached'))).toEqual(filesOf(join(outs, 'uncached')));

  // The title is in every page's sidebar.
  writeFileSync(guide, readFileSync(guide, 'utf8').replace('# Guide', '# The Guide'));
  const retitled = await build({ root: site.root, outDir: join(outs, 'cached') });
  expect([...retitled.reRendered].sort()).toEqual(['/', '/404', '/500', '/guide', '/later', '/search']);
  await build({ root: site.root, outDir: join(outs, 'uncached'), cache: false });
  expect(filesOf(join(outs, 'cached'))).toEqual(filesOf(join(outs, 'uncached')));
});
