import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type BuildResult } from '../../src/build/build.ts';
import { formatDiagnostic } from '../../src/diagnostics/format.ts';
import { fixture, rejectionDiagnostics, tempSite, tmp, type TempSite } from '../helpers.ts';

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** Builds the fixture `name` into a fresh temporary folder. */
async function buildFixture(name: string): Promise<{ out: string; result: BuildResult }> {
  const dir = tmp();
  temporary.push(dir);
  const out = join(dir, 'out');
  const result = await build({ root: fixture(name), outDir: out });
  return { out, result };
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((p) => p.endsWith('.html'))
    .map((p) => p.split('\\').join('/'))
    .sort();
}

/** The `<tag …>…</tag>` element whose opening tag contains `marker` (no nesting of the same tag inside). */
function element(html: string, tag: string, marker: string): string | undefined {
  const start = html.search(new RegExp(`<${tag}\\b[^>]*${marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  if (start < 0) return undefined;
  const end = html.indexOf(`</${tag}>`, start);
  return html.slice(start, end + tag.length + 3);
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('building a small site', () => {
  let out: string;
  let result: BuildResult;
  const page = (path: string) => readFileSync(join(out, path), 'utf8');

  beforeAll(async () => {
    ({ out, result } = await buildFixture('a-small-site-builds-every-page'));
  });

  test('writes a page for every content route and the special pages', () => {
    expect(htmlFiles(out)).toEqual([
      '404.html',
      '404/index.html',
      '500/index.html',
      'guide/advanced/tuning/index.html',
      'guide/index.html',
      'guide/intro/index.html',
      'guide/notes/index.html',
      'guide/widget/index.html',
      'index.html',
      'search/index.html',
    ]);
    expect(result.pages).toBe(9);
    expect(result.outDir).toBe(out);
    expect(result.warnings).toEqual([]);
  });

  test('404.html is the same page as 404/index.html', () => {
    expect(page('404.html')).toBe(page('404/index.html'));
  });

  test('every page is titled with the template "{title} - documentation"', () => {
    const titles = Object.fromEntries(htmlFiles(out).map((p) => [p, titleOf(page(p))]));
    expect(titles).toEqual({
      '404.html': '404: Page Not Found - documentation',
      '404/index.html': '404: Page Not Found - documentation',
      '500/index.html': '500: Internal Server Error - documentation',
      'guide/advanced/tuning/index.html': 'Tuning - documentation',
      'guide/index.html': 'Guide - documentation',
      'guide/intro/index.html': 'Introduction - documentation',
      'guide/notes/index.html': 'Notes - documentation',
      'guide/widget/index.html': 'Widget - documentation',
      'index.html': 'Home - documentation',
      'search/index.html': 'Search - documentation',
    });
  });

  test('the search page is not indexed by robots', () => {
    expect(page('search/index.html')).toContain('<meta name="robots" content="noindex"');
    expect(page('guide/intro/index.html')).not.toContain('name="robots"');
  });

  test('sitemap.xml lists the content routes and not /404, /500 or /search', () => {
    const sitemap = page('sitemap.xml');
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]).sort();
    expect(locs).toEqual(['/', '/guide', '/guide/advanced/tuning', '/guide/intro', '/guide/notes', '/guide/widget']);
  });

  test('robots.txt allows the site and disallows search', () => {
    expect(page('robots.txt')).toBe('User-agent: *\nAllow: /\nDisallow: /search\n');
  });

  test('the sidebar marks the page aria-current and opens its ancestor folders', () => {
    const sidebar = element(page('guide/advanced/tuning/index.html'), 'aside', 'class="sidebar"')!;
    expect(sidebar.match(/aria-current="page"/g)).toHaveLength(1);
    expect(sidebar).toContain('aria-current="page" href="/guide/advanced/tuning">Tuning</a>');
    expect(sidebar).toContain('<a class="sidebar-folder-link" aria-expanded="true" href="/guide">Guide</a><details open>');
    expect(sidebar).toContain('<details open><summary><span class="sidebar-folder-label">Advanced</span>');
  });

  test("a folder off the reader's path is written as a link to its first page, without its children", () => {
    const sidebar = element(page('guide/intro/index.html'), 'aside', 'class="sidebar"')!;
    expect(sidebar).toContain('<li class="sidebar-folder"><a href="/guide/advanced/tuning">Advanced</a></li>');
    expect(sidebar).toContain('<a class="sidebar-folder-link" aria-expanded="true" href="/guide">Guide</a><details open>');
  });

  test('the sidebar uses the _meta titles and order', () => {
    const sidebar = element(page('guide/advanced/tuning/index.html'), 'aside', 'class="sidebar"')!;
    const entries = sidebar.replace(/<ul class="sidebar-anchors">.*?<\/ul>/g, '');
    const labels = [...entries.matchAll(/<a\b[^>]*>([^<]+)<\/a>|<span class="sidebar-folder-label">([^<]+)</g)].map((m) => m[1] ?? m[2]);
    expect(labels).toEqual(['Home', 'Guide', 'Introduction', 'Notes', 'Widget', 'Advanced', 'Tuning']);
  });

  test("the table of contents is titled 'On This Page' and lists h2 to h6 but not h1", () => {
    const toc = element(page('guide/intro/index.html'), 'nav', 'class="toc"')!;
    expect(toc).toContain('<p class="toc-title">On This Page</p>');
    const links = [...toc.matchAll(/<li class="toc-depth-(\d)"><a href="#([^"]+)">([^<]+)<\/a>/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(links).toEqual(['2 getting-started', '3 installing', '4 level-four', '5 level-five', '6 level-six']);
    expect(toc).not.toContain('introduction-page');
  });

  test('the footnotes heading is not in the table of contents', () => {
    expect(element(page('guide/intro/index.html'), 'nav', 'class="toc"')).not.toContain('footnote-label');
  });

  test('breadcrumbs lead from the top folder to the page, linking only folders with a page', () => {
    const crumbs = element(page('guide/advanced/tuning/index.html'), 'nav', 'class="breadcrumbs"')!;
    expect(crumbs).toBe(
      '<nav class="breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="/guide">Guide</a></li><li><span>Advanced</span></li><li><span aria-current="page">Tuning</span></li></ol></nav>',
    );
  });

  test('previous and next links follow the reading order', () => {
    const pagination = element(page('guide/intro/index.html'), 'nav', 'class="pagination"')!;
    expect(pagination).toMatch(/<a class="pagination-prev" rel="prev" href="\/guide">.*Guide<\/span><\/a>/);
    expect(pagination).toMatch(/<a class="pagination-next" rel="next" href="\/guide\/notes">.*Notes<\/span><\/a>/);
    const last = element(page('guide/advanced/tuning/index.html'), 'nav', 'class="pagination"')!;
    expect(last).toContain('href="/guide/widget"');
    expect(last).not.toContain('pagination-next');
  });

  test('the home page has no table of contents, breadcrumbs or feedback', () => {
    const home = page('index.html');
    expect(home).toContain('<h1 id="home">Home</h1>');
    expect(home).not.toContain('class="toc"');
    expect(home).not.toContain('class="breadcrumbs"');
    expect(home).not.toContain('data-feedback');
  });

  test('a content page asks for feedback', () => {
    expect(page('guide/notes/index.html')).toContain('<p class="feedback-question">Was this doc helpful?</p>');
  });

  test('the 404 page has no sidebar, table of contents or feedback', () => {
    const notFound = page('404/index.html');
    expect(notFound).not.toContain('class="sidebar"');
    expect(notFound).not.toContain('class="toc"');
    expect(notFound).not.toContain('data-feedback');
    expect(notFound).toContain('no-sidebar');
  });

  test('a .md page is CommonMark: braces and < are prose and raw HTML renders', () => {
    const notes = page('guide/notes/index.html');
    expect(notes).toMatch(/<p>Plain Markdown: a \{ brace \} and a (&lt;|&#x3C;) sign and x (>|&gt;) y are prose here\.<\/p>/);
    expect(notes).toContain('<h1 id="notes">Notes</h1>');
    expect(notes).toContain('<div class="raw-note">Raw <strong>HTML</strong> in Markdown.</div>');
  });

  test('a rel code block is highlighted with token classes the stylesheet colours per scheme', () => {
    const block = element(page('guide/intro/index.html'), 'div', 'class="code-block"')!;
    expect(block).toContain('data-language="rel"');
    // Token colours are classes; the stylesheet gives each a light and a dark value.
    expect(block).toContain('<span class="tk-keyword">def</span>');
    expect(block).toContain('<button type="button" class="copy-button"');
  });

  test('a footnote renders, and the feedback block comes after the footnotes', () => {
    const intro = page('guide/intro/index.html');
    expect(intro).toMatch(/<li id="user-content-fn-1">\s*<p>The footnote text\./);
    expect(intro).toMatch(/<a href="#user-content-fn-1" id="user-content-fnref-1"/);
    const footnotes = intro.indexOf('class="footnotes"');
    const feedback = intro.indexOf('data-feedback');
    expect(footnotes).toBeGreaterThan(0);
    expect(feedback).toBeGreaterThan(footnotes);
  });

  test('an MDX page renders a component it imports from a local .tsx file', () => {
    expect(page('guide/widget/index.html')).toMatch(/<p class="greeting">Hello, (<!-- -->)?Rel(<!-- -->)?!<\/p>/);
  });

  test('files of public/ are copied as they are', () => {
    expect(readFileSync(join(out, 'static.txt'), 'utf8')).toBe('static file\n');
    expect(readFileSync(join(out, 'images/logo.svg'), 'utf8')).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  });

  test('every page links the built client assets, and they exist', () => {
    for (const src of [...page('index.html').matchAll(/(?:src|href)="(\/_docs-gen\/[^"]+)"/g)].map((m) => m[1]!)) {
      expect(existsSync(join(out, src)), src).toBe(true);
    }
    expect(result.assets.scripts.length + result.assets.styles.length).toBeGreaterThan(0);
  });

  test('a link in content is written as the clean route', () => {
    expect(page('index.html')).toMatch(/<a href="\/guide\/intro">introduction<\/a>/);
  });
});

describe('building with a base path', () => {
  let out: string;
  const page = (path: string) => readFileSync(join(out, path), 'utf8');

  beforeAll(async () => {
    ({ out } = await buildFixture('a-site-with-a-base-path-prefixes-links-and-assets'));
  });

  test('writes files at the same paths as without a base path', () => {
    expect(htmlFiles(out)).toContain('page/index.html');
    expect(existsSync(join(out, 'logo.svg'))).toBe(true);
  });

  test('prefixes sidebar links, content links and pagination with the base path', () => {
    const home = page('index.html');
    expect(element(home, 'aside', 'class="sidebar"')).toContain('href="/docs/page"');
    expect(home).toContain('<a href="/docs/page">the page</a>');
    expect(home).toContain('<a href="/docs/page#part">its part</a>');
    expect(element(page('page/index.html'), 'nav', 'class="pagination"')).toContain('href="/docs"');
  });

  test('prefixes the client assets with the base path', () => {
    const home = page('index.html');
    const assets = [...home.matchAll(/(?:src|href)="([^"]*_docs-gen[^"]*)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(asset.startsWith('/docs/_docs-gen/')).toBe(true);
    expect(home).toContain('data-base-path="/docs"');
  });

  test('sitemap.xml and robots.txt use the site URL and base path', () => {
    expect(page('sitemap.xml')).toContain('<loc>https://example.com/docs/page</loc>');
    expect(page('robots.txt')).toBe('User-agent: *\nAllow: /\nDisallow: /docs/search\nSitemap: https://example.com/docs/sitemap.xml\n');
  });

  test('the canonical link includes the base path', () => {
    expect(page('page/index.html')).toContain('<link rel="canonical" href="https://example.com/docs/page"/>');
  });
});

describe('building a site in two locales', () => {
  let out: string;
  const page = (path: string) => readFileSync(join(out, path), 'utf8');

  beforeAll(async () => {
    ({ out } = await buildFixture('a-site-in-two-locales-writes-each-under-its-prefix'));
  });

  test('writes the second locale under its prefix, and the default locale at the root', () => {
    const files = htmlFiles(out);
    // A page the second locale has not translated is written under its prefix too (in English, with a notice: locales.test.ts).
    expect(files).toEqual(expect.arrayContaining(['index.html', 'page/index.html', 'english-only/index.html', 'fr-FR/index.html', 'fr-FR/page/index.html', 'fr-FR/404/index.html', 'fr-FR/english-only/index.html']));
  });

  test('a page of the second locale is in that language and links within it', () => {
    const fr = page('fr-FR/page/index.html');
    expect(fr).toContain('<html lang="fr-FR"');
    expect(fr).toContain('<h1 id="la-page">La page</h1>');
    expect(titleOf(fr)).toBe('La page - documentation');
    expect(element(fr, 'aside', 'class="sidebar"')).toContain('aria-current="page" href="/fr-FR/page"');
    expect(page('page/index.html')).toContain('<html lang="en-US"');
  });

  test('the French sidebar lists every page under the French prefix, untranslated ones included', () => {
    const sidebar = element(page('fr-FR/page/index.html'), 'aside', 'class="sidebar"')!;
    expect(sidebar).toContain('href="/fr-FR/english-only"');
    expect(sidebar).not.toContain('href="/english-only"');
    expect(sidebar).toContain('href="/fr-FR"');
  });

  test('sitemap.xml lists the pages of both locales', () => {
    const locs = [...page('sitemap.xml').matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]).sort();
    expect(locs).toEqual(['/', '/english-only', '/fr-FR', '/fr-FR/page', '/page']);
  });
});

describe('a third-party plugin', () => {
  let out: string;

  beforeAll(async () => {
    ({ out } = await buildFixture('a-third-party-plugin-adds-routes-and-files'));
  });

  test('adds a route rendered in the docs shell', () => {
    const html = readFileSync(join(out, 'changelog/index.html'), 'utf8');
    expect(titleOf(html)).toBe('Changelog - documentation');
    expect(html).toContain('<div class="html-content"><ul class="changelog"><li>1.0: first release</li><li>1.1: faster builds</li></ul></div>');
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toContain('<loc>/changelog</loc>');
  });

  test('emits a file from contentLoaded', () => {
    expect(JSON.parse(readFileSync(join(out, 'feed.json'), 'utf8'))).toEqual({ entries: ['1.0: first release', '1.1: faster builds'] });
  });

  test('writes a file in postBuild that sees every route', () => {
    expect(readFileSync(join(out, 'routes.txt'), 'utf8').split('\n')).toEqual(['/', '/404', '/500', '/changelog', '/search']);
  });
});

describe('a plugin object with an unknown key', () => {
  test('stops the build with plugin-unknown-key naming the plugin and the hook it resembles', async () => {
    const diagnostics = await rejectionDiagnostics(buildFixture('a-plugin-with-an-unknown-key-is-rejected'), 'building the fixture');
    expect(diagnostics).toEqual([
      {
        severity: 'error',
        code: 'plugin-unknown-key',
        message: 'Plugin typo-plugin has an unknown key `loadContnet`',
        plugin: 'typo-plugin',
        hint: 'did you mean `loadContent`?',
      },
    ]);
    expect(formatDiagnostic(diagnostics[0]!)).toMatchInlineSnapshot(`
      "error Plugin typo-plugin has an unknown key \`loadContnet\` [plugin-unknown-key] (typo-plugin)
        hint: did you mean \`loadContent\`?"
    `);
  });
});

/**
 * A site with one route `/<name>` whose compiled page is the ES module `module` (its text), as a
 * plugin adds it (`compiled.kind: 'module'`, what the MDX path makes of a page with imports).
 */
function siteWithPageModule(name: string, module: string): TempSite {
  return tempSite({
    [`${name}.mjs`]: module,
    'docs-gen.config.ts': `import { fileURLToPath } from 'node:url';
export default {
  plugins: [{
    name: '${name}-module',
    contentLoaded({ actions }) {
      const code = fileURLToPath(new URL('./${name}.mjs', import.meta.url));
      actions.addRoute({ route: '/${name}', title: '${name}', content: { type: 'mdx', compiled: { kind: 'module', code } } });
    },
  }],
};
`,
    'content/index.md': '# Home\n',
  });
}

describe('a page module', () => {
  // What a module file cut short looks like to the renderer (two builds of one site wrote it
  // over in place while the other imported it): it used to become an empty page, silently.
  const cut = siteWithPageModule('cut', '// nothing exported: the rest of the file never arrived\n');
  // What React.memo returns: an object, not a function, and a component all the same.
  const memo = siteWithPageModule('memo', "export default { $$typeof: Symbol.for('react.memo'), type: () => 'A page component wrapped in memo', compare: null };\n");
  afterAll(() => {
    cut.cleanup();
    memo.cleanup();
  });

  test('whose default export is a component object React renders (memo, forwardRef) is a page', async () => {
    const dir = tmp();
    temporary.push(dir);
    await build({ root: memo.root, outDir: join(dir, 'out') });
    expect(readFileSync(join(dir, 'out', 'memo', 'index.html'), 'utf8')).toContain('A page component wrapped in memo');
  });

  test('without a page component stops the build naming the route and the module, and writes no output', async () => {
    const dir = tmp();
    temporary.push(dir);
    await expect(build({ root: cut.root, outDir: join(dir, 'out') })).rejects.toThrow(/the compiled module of \/cut \(.*cut\.mjs\) has no page component as its default export/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});
