import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { checkSite } from '../../src/check/check.ts';
import { formatDiagnostic } from '../../src/diagnostics/format.ts';
import { buildFailure, fixture, tempSite, tmp, useFixtureCopy } from '../helpers.ts';
import { relSiteBuiltOnce } from '../rel-site-once.ts';

const dir = tmp();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function htmlFiles(out: string): string[] {
  return readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.html'));
}

/** Every `<img …>` tag of every page, with the page it is on. */
function imgTags(out: string): { page: string; tag: string }[] {
  return htmlFiles(out).flatMap((page) => [...readFileSync(join(out, page), 'utf8').matchAll(/<img\b[^>]*>/g)].map((m) => ({ page, tag: m[0] })));
}

describe('a missing image', () => {
  test('stops the build, naming every missing image, the page and line that reference it, in one run', async () => {
    const diagnostics = await buildFailure({ root: fixture('images-a-missing-image-stops-the-build'), outDir: join(dir, 'failed') });
    const places = diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.target}`).sort();
    expect(places).toEqual([
      'content/notes.md:5:33 /images/diagram.png',
      'content/page.mdx:10:1 /images/present-dark.png',
      'content/page.mdx:3:8 /images/social-card.png',
      'content/page.mdx:8:1 /images/diagram.png',
    ]);
    for (const d of diagnostics) {
      expect(d).toMatchObject({ severity: 'error', code: 'missing-image', plugin: 'docs-gen:image-size' });
      expect(d.message).toMatch(/^Image \S+ was not found and must be added to public\/images\/[\w-]+\.png$/);
    }
    expect(diagnostics.map((d) => formatDiagnostic(d)).sort().join('\n')).toMatchSnapshot();
  });
});

describe('an image named relative to its page', () => {
  test('is looked for beside the page; one that climbs out of the site, or links out of it, is an error at its place and never read', async () => {
    const site = tempSite({
      'content/guide/page.mdx': '# Page\n\n![Absent](./absent.png)\n\n![Out](../../../outside.png)\n\n![Encoded](%2e%2e/%2e%2e/%2e%2e/outside.png)\n\n![Linked](./linked.png)\n',
      'content/guide/notes.md': '# Notes\n\n<img src="../../../outside.png" alt="Out, in HTML">\n',
    });
    const outside = join(dir, 'outside.png');
    writeFileSync(outside, 'not even read');
    symlinkSync(outside, join(site.root, 'content', 'guide', 'linked.png'));
    try {
      const diagnostics = await buildFailure({ root: site.root, outDir: join(dir, 'relative-failed') });
      expect(diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column} ${d.target}`).sort()).toEqual([
        'image-outside-site content/guide/notes.md:3:11 ../../../outside.png',
        // At the URL in page.mdx too: a page of Markdown alone is read as a `.md` page is (reads-as-markdown.ts).
        'image-outside-site content/guide/page.mdx:5:8 ../../../outside.png',
        'image-outside-site content/guide/page.mdx:7:12 %2e%2e/%2e%2e/%2e%2e/outside.png',
        'image-outside-site content/guide/page.mdx:9:11 ./linked.png',
        'missing-image content/guide/page.mdx:3:11 ./absent.png',
      ]);
      for (const d of diagnostics.filter((d) => d.code === 'image-outside-site')) {
        expect(d.message).toBe(`Image ${d.target} is outside the site folder: an image named relative to its page must be inside the site`);
      }
      expect(diagnostics.find((d) => d.code === 'missing-image')!.message).toBe('Image ./absent.png was not found and must be added to content/guide/absent.png');
      const checked = await checkSite({ root: site.root, external: false });
      expect(checked.findings.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`).sort()).toEqual(diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`).sort());
    } finally {
      site.cleanup();
    }
  });
});

describe('pages with images', () => {
  // A copy: its image cache is removed and counted here, and other files build the fixture.
  const root = useFixtureCopy('images-pages-get-sizes-and-variants');
  const out = join(dir, 'sized');
  const stats = () => JSON.parse(readFileSync(join(root(), '.docs-gen-cache', 'image-size', 'last-build.json'), 'utf8')) as Record<string, number>;
  let firstStats: Record<string, number>;

  beforeAll(async () => {
    // The copy comes without a cache: this first build makes every variant.
    await build({ root: root(), outDir: out });
    firstStats = stats();
  });

  test('every <img> has its width and height', () => {
    const tags = imgTags(out);
    expect(tags.length).toBeGreaterThanOrEqual(8);
    for (const { page, tag } of tags) expect(tag, `${page}: ${tag}`).toMatch(/ width="\d+"[^>]* height="\d+"| height="\d+"[^>]* width="\d+"/);
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain('<img src="/images/wide.png" alt="A wide blue box" width="1000" height="500" loading="lazy" decoding="async"/>');
    expect(index).toContain('<img src="/images/badge.svg" alt="A badge" width="120" height="40" loading="lazy" decoding="async"/>');
  });

  test('raster images get WebP variants at the seed widths below their own, never upscaled; SVG passes through', () => {
    // The home page has the full layout: a 50% image is half the viewport wide.
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    const srcset = /<picture class="doc-image-light"><source type="image\/webp" srcSet="([^"]+)" sizes="50vw"\/>/.exec(index)?.[1];
    expect(srcset?.split(', ').map((c) => c.split(' ')[1])).toEqual(['640w', '750w', '828w', '1000w']);
    for (const candidate of srcset!.split(', ')) expect(existsSync(join(out, candidate.split(' ')[0]!))).toBe(true);
    expect(index).toContain('</picture> and <img src="/images/badge.svg"');
    expect(readdirSync(join(out, '_docs-gen', 'img')).filter((f) => f.startsWith('photo-'))).toHaveLength(3);
  });

  test('a DocImage is capped at 100% and its caption sits below; an image beside the page is served from /_docs-gen/files/', () => {
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain('<span class="doc-image-frame" style="width:100%"><picture class="doc-image-light"><source type="image/webp"');
    expect(index).toContain('</span><figcaption>The wide box.</figcaption></figure>');
    const notes = readFileSync(join(out, 'guide', 'notes', 'index.html'), 'utf8');
    expect(notes).toContain('<img src="/images/photo.jpg" alt="An orange photo" width="800" height="600" loading="lazy" decoding="async">');
    expect(notes).toContain('<img src="/_docs-gen/files/content/guide/figure.png" alt="A green figure" loading="lazy" decoding="async" width="40" height="30">');
    expect(readFileSync(join(out, '_docs-gen', 'files', 'content', 'guide', 'figure.png'))).toEqual(readFileSync(join(root(), 'content', 'guide', 'figure.png')));
  });

  test('an unchanged image is not encoded again on the next build', async () => {
    expect(firstStats).toMatchObject({ rasterImages: 5, variantFiles: 13, encoded: 13, reused: 0 });
    expect(firstStats.fullWidthVariantBytes).toBeLessThan(firstStats.originalBytes);
    await build({ root: root(), outDir: join(dir, 'sized-again') });
    expect(stats()).toMatchObject({ encoded: 0, reused: 13 });
    expect(readdirSync(join(dir, 'sized-again', '_docs-gen', 'img')).sort()).toEqual(readdirSync(join(out, '_docs-gen', 'img')).sort());
  });
});

describe('an Alert', () => {
  test.each([
    ['without a type stops the build with the seed message', '<Alert>\nCareful.\n</Alert>', 'Specifying the Alert type is required.'],
    ['with an unknown type stops the build', '<Alert type="danger">Careful.</Alert>', 'Alert type must be one of default, error, info, warning, not "danger".'],
  ])('%s and the place of the tag', async (_what, tag, message) => {
    const site = tempSite({ 'content/index.mdx': '# Home\n', 'content/page.mdx': `# Page\n\nSome text.\n\n${tag}\n` });
    try {
      const diagnostics = await buildFailure({ root: site.root, outDir: join(dir, 'failed') });
      expect(diagnostics).toEqual([expect.objectContaining({ severity: 'error', code: 'component-props', file: 'content/page.mdx', line: 5, column: 1, message })]);
    } finally {
      site.cleanup();
    }
  });
});

describe("the docs site's own pages", () => {
  // Built once for the run and shared with other files (tests/rel-site-once.ts).
  let out: string;
  beforeAll(async () => {
    out = await relSiteBuiltOnce();
  });

  test('every <img> has its dimensions in the HTML', () => {
    const tags = imgTags(out);
    expect(tags.some((t) => t.tag.includes('relation-as-table-dark.png'))).toBe(true);
    for (const { page, tag } of tags) expect(tag, `${page}: ${tag}`).toMatch(/ width="\d+"/);
    for (const { page, tag } of tags) expect(tag, `${page}: ${tag}`).toMatch(/ height="\d+"/);
  });

  test('the Rel output examples are in the HTML, displayed, in their modes', () => {
    const html = readFileSync(join(out, 'rel', 'primer', 'outputs-and-images', 'index.html'), 'utf8');
    const viewers = [...html.matchAll(/<div class="rel-output [^"]+" data-rel-output="" data-src="(\w+)"[^>]* data-mode="(\w+)" data-state="(\w+)"/g)].map((m) => m.slice(1).join(' '));
    expect(viewers).toEqual(['population LOGICAL displayed', 'mixed PHYSICAL displayed', 'flights RAW displayed']);
    expect(html).toContain('<td class="rel-value rel-value-string">Nairobi</td><td class="rel-value rel-value-int">4397073</td>');
    expect(existsSync(join(out, 'rel-output', 'rel', 'primer', 'outputs-and-images', 'population.json'))).toBe(true);
  });
});
