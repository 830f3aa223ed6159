import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { contentFormats } from '../../../src/dev/dev-site.ts';

// What dev's workers load ahead of the first page: the compilers of the formats the site's pages have.
describe("the page formats of dev's start-up listing", () => {
  const content = join('/site', 'content');
  const config = { locales: [{ locale: 'en-US' }, { locale: 'fr-FR' }], defaultLocale: 'en-US' } as Parameters<typeof contentFormats>[2];
  const formatsOf = (files: string[]) => contentFormats(files, content, config);

  test('are those of the pages under the content folder, each once, sorted', () => {
    expect(formatsOf(['a.mdx', 'guide/b.md', 'guide/c.fr-FR.mdx', '_meta.json', 'logo.png'].map((file) => join(content, file)))).toEqual(['md', 'mdx']);
  });

  test('leave out files elsewhere (public/, the config), files that are no page, and names that only look alike', () => {
    const elsewhere = [join('/site', 'public', 'notes.mdx'), join('/site', 'README.md'), join('/site', 'content-old', 'x.md')];
    const noPage = ['_partial.mdx', '_drafts/idea.mdx', '.obsidian/note.mdx', 'notes.MD', 'page.md.bak'].map((file) => join(content, file));
    expect(formatsOf([...elsewhere, ...noPage, join(content, 'index.md')])).toEqual(['md']);
  });
});
