import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { contentFormats } from '../../../src/dev/dev-site.ts';

// What dev's workers load ahead of the first page: the compilers of the formats the site has.
describe("the page formats of dev's start-up listing", () => {
  const content = join('/site', 'content');
  test('are those of the files under the content folder, each once, sorted', () => {
    const listed = ['a.mdx', 'guide/b.md', 'guide/c.fr-FR.mdx', '_meta.json', 'logo.png'].map((file) => join(content, file));
    expect(contentFormats(listed, content)).toEqual(['md', 'mdx']);
  });

  test('leave out files elsewhere (public/, the config) and names that only look alike', () => {
    const listed = [join('/site', 'public', 'notes.mdx'), join('/site', 'README.md'), join('/site', 'content-old', 'x.md'), join(content, 'notes.MD'), join(content, 'page.md.bak')];
    expect(contentFormats(listed, content)).toEqual([]);
  });
});
