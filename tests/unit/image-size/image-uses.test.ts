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
  test('Markdown images and DocImage sources, by path, with every place that names them', () => {
    const uses = collectImageUses(
      [
        page({ references: [{ kind: 'image', url: '/images/a.png', line: 3, column: 1 }, { kind: 'link', url: '/guide', line: 4, column: 1 }] }),
        page({ route: '/other', sourcePath: 'content/other.md', references: [{ kind: 'image', url: '/images/a.png?v=2', line: 9, column: 5 }] }),
      ],
      { root, basePath: '' },
    );
    expect(Object.fromEntries(uses.byPath)).toEqual({
      '/images/a.png': [
        { url: '/images/a.png', file: 'content/guide/intro.mdx', line: 3, column: 1 },
        { url: '/images/a.png?v=2', file: 'content/other.md', line: 9, column: 5 },
      ],
    });
  });

  test('relative paths name a file beside the page, served under /_docs-gen/files/; external images are not measured', () => {
    const uses = collectImageUses(
      [page({ references: [{ kind: 'image', url: '../../img/b.png', line: 1, column: 1 }, { kind: 'image', url: './c.png', line: 2, column: 1 }, { kind: 'image', url: 'https://example.com/c.png', line: 3, column: 1 }, { kind: 'image', url: 'data:image/png;base64,AAAA', line: 4, column: 1 }] })],
      { root, basePath: '' },
    );
    expect([...uses.byPath.keys()]).toEqual(['/_docs-gen/files/img/b.png', '/_docs-gen/files/content/guide/c.png']);
    expect(uses.outside).toEqual([]);
  });

  test.each([['../../../secret.png'], ['..%2f..%2f..%2fsecret.png'], ['%2e%2e/%2e%2e/%2e%2e/etc/x.png'], ['..\\..\\..\\x.png']])('a relative path that climbs out of the site root (%s) is set apart, never measured', (url) => {
    const uses = collectImageUses([page({ references: [{ kind: 'image', url, line: 7, column: 3 }] })], { root, basePath: '' });
    expect([...uses.byPath.keys()]).toEqual([]);
    expect(uses.outside).toEqual([{ url, file: 'content/guide/intro.mdx', line: 7, column: 3 }]);
  });

  test('a src with an extension that is not an image’s (an iframe in a .md page) is not an image', () => {
    const uses = collectImageUses(
      [page({ references: [{ kind: 'image', url: '/embed/chart.html', line: 1, column: 1 }, { kind: 'image', url: '/js/app.js', line: 2, column: 1 }, { kind: 'image', url: '/images/Photo.JPG', line: 3, column: 1 }, { kind: 'image', url: '/images/plot', line: 4, column: 1 }] })],
      { root, basePath: '' },
    );
    expect([...uses.byPath.keys()]).toEqual(['/images/Photo.JPG', '/images/plot']);
  });

  test('the base path written in a src is not part of the public path', () => {
    const uses = collectImageUses([page({ references: [{ kind: 'image', url: '/docs/images/a.png', line: 1, column: 1 }] })], { root, basePath: '/docs' });
    expect([...uses.byPath.keys()]).toEqual(['/images/a.png']);
  });

  test("front matter image is placed at its value in the page's front matter", () => {
    const uses = collectImageUses([page({ frontMatter: { image: '/images/card.png' } })], { root, basePath: '' });
    expect(uses.byPath.get('/images/card.png')).toEqual([{ url: '/images/card.png', file: 'content/guide/intro.mdx', line: 3, column: 9 }]);
  });

  test.each([
    ['a folder index page', { route: '/guide', sourcePath: 'content/guide/index.mdx' }, '/guide'],
    ['a page in a folder', { route: '/guide/intro', sourcePath: 'content/guide/intro.mdx' }, '/guide'],
    ['a top-level page', { route: '/about', sourcePath: 'content/about.md' }, '/'],
  ])('the folder of %s', (_what, where, expected) => {
    expect(folderRouteOf(where)).toBe(expected);
  });
});

// Dev hands the plugin the same page object while a page is unchanged, and the uses are kept by
// page object: an edited page (a new object) and another base path must be read afresh.
describe('image uses kept by page object', () => {
  test('an edited page (a new object) brings its new image; the unchanged page keeps its own; a new base path resolves again', () => {
    const unchanged = page({ route: '/a', sourcePath: 'content/a.md', references: [{ kind: 'image', url: '/images/a.png', line: 1, column: 1 }] });
    const before = page({ references: [{ kind: 'image', url: '/images/old.png', line: 1, column: 1 }] });
    expect([...collectImageUses([unchanged, before], { root, basePath: '' }).byPath.keys()]).toEqual(['/images/a.png', '/images/old.png']);
    const edited = { ...before, references: [{ kind: 'image' as const, url: '/images/new.png', line: 2, column: 1 }] };
    expect([...collectImageUses([unchanged, edited], { root, basePath: '' }).byPath.keys()]).toEqual(['/images/a.png', '/images/new.png']);
    // A page that named no image, edited to name one (a new object): the one it names now counts.
    const plain = page({ route: '/p', sourcePath: 'content/p.md', references: [{ kind: 'link', url: '/a', line: 1, column: 1 }] });
    expect(collectImageUses([unchanged, plain], { root, basePath: '' }).byPath.size).toBe(1);
    const gained = { ...plain, references: [{ kind: 'image' as const, url: '/images/gained.png', line: 3, column: 1 }] };
    expect([...collectImageUses([unchanged, gained], { root, basePath: '' }).byPath.keys()]).toEqual(['/images/a.png', '/images/gained.png']);
    const relative = page({ references: [{ kind: 'image', url: './c.png', line: 1, column: 1 }] });
    expect([...collectImageUses([relative], { root, basePath: '' }).byPath.keys()]).toEqual(['/_docs-gen/files/content/guide/c.png']);
    expect([...collectImageUses([relative], { root, basePath: '/docs' }).byPath.keys()]).toEqual([...collectImageUses([{ ...relative }], { root, basePath: '/docs' }).byPath.keys()]);
    // The same object under another base path: a root-absolute src that starts with it resolves again.
    const underBase = page({ route: '/b', sourcePath: 'content/b.md', references: [{ kind: 'image', url: '/docs/images/a.png', line: 1, column: 1 }] });
    expect([...collectImageUses([underBase], { root, basePath: '' }).byPath.keys()]).toEqual(['/docs/images/a.png']);
    expect([...collectImageUses([underBase], { root, basePath: '/docs' }).byPath.keys()]).toEqual(['/images/a.png']);
  });

  test('a page object seen before is not gone through again, whether it names images or none', () => {
    let reads = 0;
    const counted = (references: ContentPage['references']) => {
      const counting = page({ route: `/counted-${references!.length}`, sourcePath: `content/counted-${references!.length}.md` });
      Object.defineProperty(counting, 'references', { get: () => (reads++, references), enumerable: true });
      return counting;
    };
    const pages = [counted([{ kind: 'image', url: '/images/a.png', line: 1, column: 1 }]), counted([])];
    collectImageUses(pages, { root, basePath: '' });
    const first = reads;
    expect(first).toBeGreaterThan(0);
    expect([...collectImageUses(pages, { root, basePath: '' }).byPath.keys()]).toEqual(['/images/a.png']);
    expect(reads).toBe(first);
  });
});
