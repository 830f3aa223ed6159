import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { collectImageUses, type ImagePage as ContentPage } from '../../../plugins/image-size/image-uses.ts';
import { folderRouteOf } from '../../../src/content/content-route.ts';
import { tmp } from '../../helpers.ts';

const root = tmp();
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, 'content', 'guide'), { recursive: true });
writeFileSync(join(root, 'content', 'guide', 'intro.mdx'), '---\ntitle: Intro\nimage: "/images/card.png"\n---\n\n# Intro\n');

const page = (over: Partial<ContentPage>): ContentPage => ({ route: '/guide/intro', sourcePath: 'content/guide/intro.mdx', frontMatter: {}, references: [], ...over });

describe('collecting the images content references', () => {
  test('Markdown images and DocImage sources, by path, with every place that names them', async () => {
    const uses = await collectImageUses(
      [
        page({ references: [{ kind: 'image', url: '/images/a.png', line: 3, column: 1 }, { kind: 'link', url: '/guide', line: 4, column: 1 }] }),
        page({ route: '/other', sourcePath: 'content/other.md', references: [{ kind: 'image', url: '/images/a.png?v=2', line: 9, column: 5 }] }),
      ],
      { root, basePath: '' },
    );
    expect(Object.fromEntries(uses)).toEqual({
      '/images/a.png': [
        { url: '/images/a.png', file: 'content/guide/intro.mdx', line: 3, column: 1 },
        { url: '/images/a.png?v=2', file: 'content/other.md', line: 9, column: 5 },
      ],
    });
  });

  test('relative paths resolve against the page folder; external images are not measured', async () => {
    const uses = await collectImageUses(
      [page({ references: [{ kind: 'image', url: '../images/b.png', line: 1, column: 1 }, { kind: 'image', url: 'https://example.com/c.png', line: 2, column: 1 }, { kind: 'image', url: 'data:image/png;base64,AAAA', line: 3, column: 1 }] })],
      { root, basePath: '' },
    );
    expect([...uses.keys()]).toEqual(['/images/b.png']);
  });

  test('a src with an extension that is not an image’s (an iframe in a .md page) is not an image', async () => {
    const uses = await collectImageUses(
      [page({ references: [{ kind: 'image', url: '/embed/chart.html', line: 1, column: 1 }, { kind: 'image', url: '/js/app.js', line: 2, column: 1 }, { kind: 'image', url: '/images/Photo.JPG', line: 3, column: 1 }, { kind: 'image', url: '/images/plot', line: 4, column: 1 }] })],
      { root, basePath: '' },
    );
    expect([...uses.keys()]).toEqual(['/images/Photo.JPG', '/images/plot']);
  });

  test('the base path written in a src is not part of the public path', async () => {
    const uses = await collectImageUses([page({ references: [{ kind: 'image', url: '/docs/images/a.png', line: 1, column: 1 }] })], { root, basePath: '/docs' });
    expect([...uses.keys()]).toEqual(['/images/a.png']);
  });

  test("front matter image is placed at its value in the page's front matter", async () => {
    const uses = await collectImageUses([page({ frontMatter: { image: '/images/card.png' } })], { root, basePath: '' });
    expect(uses.get('/images/card.png')).toEqual([{ url: '/images/card.png', file: 'content/guide/intro.mdx', line: 3, column: 9 }]);
  });

  test.each([
    ['a folder index page', { route: '/guide', sourcePath: 'content/guide/index.mdx' }, '/guide'],
    ['a page in a folder', { route: '/guide/intro', sourcePath: 'content/guide/intro.mdx' }, '/guide'],
    ['a top-level page', { route: '/about', sourcePath: 'content/about.md' }, '/'],
  ])('the folder of %s', (_what, where, expected) => {
    expect(folderRouteOf(where)).toBe(expected);
  });
});
