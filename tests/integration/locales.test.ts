import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { build, type BuildResult } from '../../src/build/build.ts';
import { uiStrings, type UiStrings } from '../../src/shared/ui-strings.ts';
import { fixture, tmp } from '../helpers.ts';

// One build for the file: en-US (default), fr-FR (per-locale overrides) and ar (rtl, one page of its own).
let out: string;
let result: BuildResult;
const page = (path: string) => readFileSync(join(out, path), 'utf8');
const main = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)![1]!;
const head = (html: string) => /<head>([\s\S]*)<\/head>/.exec(html)![1]!;
const alternatesIn = (html: string) => [...head(html).matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => `${m[1]} ${m[2]}`);

beforeAll(async () => {
  const dir = tmp();
  out = join(dir, 'out');
  result = await build({ root: fixture('a-site-in-french-and-arabic-shows-untranslated-pages-in-english'), outDir: out });
  return () => rmSync(dir, { recursive: true, force: true });
});

describe('a page missing in a locale', () => {
  test("is written under the locale's URL with the default locale's content, not left to the 404", () => {
    const fr = page('fr-FR/english-only/index.html');
    expect(fr).toContain('<html lang="fr-FR" dir="ltr"');
    expect(main(fr)).toContain('its walrus text is only in English');
    expect(page('ar/english-only/index.html')).toContain('<html lang="ar" dir="rtl"');
  });

  test("carries a notice in the locale's language", () => {
    expect(main(page('fr-FR/english-only/index.html'))).toContain(`<p class="untranslated-notice" role="note">${uiStrings('fr-FR').untranslatedNotice}</p>`);
    expect(main(page('ar/index.html'))).toContain(uiStrings('ar').untranslatedNotice);
    expect(page('fr-FR/guide/index.html')).not.toContain('untranslated-notice');
    expect(page('english-only/index.html')).not.toContain('untranslated-notice');
  });

  test("is in the locale's sidebar, linked under the locale's prefix", () => {
    const sidebar = /<aside class="sidebar"[\s\S]*?<\/aside>/.exec(page('fr-FR/guide/index.html'))![0];
    expect(sidebar).toContain('href="/fr-FR/english-only">Seulement en anglais</a>');
  });

  test("has the original as its canonical URL, and is in the locale's search data", () => {
    expect(head(page('fr-FR/english-only/index.html'))).toContain('<link rel="canonical" href="https://docs.example.com/english-only"/>');
    const search = JSON.parse(page('_next/static/chunks/nextra-data-fr-FR.json')) as Record<string, { title: string }>;
    expect(search['/fr-FR/english-only']?.title).toBe('English only');
    expect(search['/fr-FR/guide']?.title).toBe('Guide');
    expect(search['/english-only']).toBeUndefined();
  });

  test("makes the `_meta` entries of pages a locale lacks (`index` included) match: no false 'matches no page' warning", () => {
    expect(result.warnings.filter((w) => w.code === 'meta-unknown-entry')).toEqual([]);
  });
});

describe('hreflang', () => {
  test("every page's head names each translation and x-default, and only translations", () => {
    const expected = ['en-US https://docs.example.com/guide', 'fr-FR https://docs.example.com/fr-FR/guide', 'ar https://docs.example.com/ar/guide', 'x-default https://docs.example.com/guide'];
    expect(alternatesIn(page('guide/index.html'))).toEqual(expected);
    expect(alternatesIn(page('fr-FR/guide/index.html'))).toEqual(expected);
    expect(alternatesIn(page('ar/guide/index.html'))).toEqual(expected);
    // French and English only; the Arabic first steps are English shown under /ar.
    expect(alternatesIn(page('ar/guide/first-steps/index.html'))).toEqual(['en-US https://docs.example.com/guide/first-steps', 'fr-FR https://docs.example.com/fr-FR/guide/first-steps', 'x-default https://docs.example.com/guide/first-steps']);
    expect(alternatesIn(page('english-only/index.html'))).toEqual([]);
  });

  test('the sitemap lists translations only, each with the same alternates', () => {
    const sitemap = page('sitemap.xml');
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace('https://docs.example.com', '')).sort();
    expect(locs).toEqual(['/', '/ar/guide', '/english-only', '/fr-FR', '/fr-FR/guide', '/fr-FR/guide/first-steps', '/guide', '/guide/first-steps']);
    const entry = /<url><loc>https:\/\/docs\.example\.com\/fr-FR\/guide<\/loc>(.*?)<\/url>/.exec(sitemap)![1]!;
    expect(entry).toBe(
      [
        '<xhtml:link rel="alternate" hreflang="en-US" href="https://docs.example.com/guide"/>',
        '<xhtml:link rel="alternate" hreflang="fr-FR" href="https://docs.example.com/fr-FR/guide"/>',
        '<xhtml:link rel="alternate" hreflang="ar" href="https://docs.example.com/ar/guide"/>',
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://docs.example.com/guide"/>',
      ].join(''),
    );
  });
});

describe("the theme's strings", () => {
  const en = uiStrings('en-US');
  // Every English string of the dictionary, as an element's whole text or a whole attribute value.
  const englishIn = (html: string) =>
    (Object.keys(en) as (keyof UiStrings)[])
      .filter((key) => !en[key].includes('{') && en[key] !== uiStrings('fr-FR')[key])
      .filter((key) => html.includes(`>${en[key]}<`) || html.includes(`"${en[key]}"`))
      .map((key) => `${key}: ${en[key]}`);

  test('a French page, its 404 and its search page show no English string of the interface', () => {
    for (const path of ['fr-FR/guide/index.html', 'fr-FR/guide/first-steps/index.html', 'fr-FR/404/index.html', 'fr-FR/search/index.html', 'fr-FR/index.html']) {
      expect(englishIn(page(path)), path).toEqual([]);
    }
  });

  test('the English pages show the English strings (the check above can fail)', () => {
    expect(englishIn(page('guide/index.html'))).toEqual(expect.arrayContaining(['copy: Copy', 'copyCode: Copy code', 'skipToContent: Skip to content', 'feedbackQuestion: Was this doc helpful?', 'tocTitle: On This Page']));
  });

  test("French pages say it in French: code blocks' copy button, feedback, footer, 404, and the client scripts' strings", () => {
    const guide = page('fr-FR/guide/index.html');
    expect(guide).toContain('aria-label="Copier le code" title="Copier le code">Copier</button>');
    expect(guide).toContain('<p class="feedback-question">Cette page vous a-t-elle été utile ?</p>');
    expect(guide).toContain('<legend class="visually-hidden">Thème</legend>');
    expect(guide).toContain('<span>Sombre</span>');
    expect(guide).toContain('"searchLoading":"Chargement…"');
    // The search modal's chunk reads its strings from the page as well.
    expect(guide).toContain(`"searchModalNoRecent":"${uiStrings('fr-FR').searchModalNoRecent}"`);
    expect(page('fr-FR/404/index.html')).toContain('<h1>404 : page introuvable</h1>');
    expect(page('fr-FR/search/index.html')).toContain('placeholder="Rechercher dans la documentation…"');
  });

  test('the search box and the 404 link home stay in the locale', () => {
    expect(page('fr-FR/guide/index.html')).toContain('action="/fr-FR/search"');
    expect(page('fr-FR/404/index.html')).toContain('<a href="/fr-FR/">');
  });
});

describe('per-locale config overrides', () => {
  test("a locale's `toc.title` replaces the dictionary's", () => {
    expect(page('fr-FR/guide/index.html')).toContain('<p class="toc-title">Dans cette page</p>');
    expect(page('ar/guide/index.html')).toContain(`<p class="toc-title">${uiStrings('ar').tocTitle}</p>`);
    expect(page('guide/index.html')).toContain('<p class="toc-title">On This Page</p>');
  });

  test("a locale's banner replaces the site's, and `false` shows none", () => {
    expect(page('fr-FR/guide/index.html')).toContain('Nouveau : <a href="/fr-FR/guide">le guide</a>');
    expect(page('guide/index.html')).toContain('New: <a href="/guide">the guide</a>');
    expect(page('ar/guide/index.html')).not.toContain('class="banner"');
  });
});

describe('heading anchors', () => {
  const anchor = (locale: string, id: string, heading: string) =>
    `<a class="heading-anchor" href="#${id}" aria-label="${uiStrings(locale).headingAnchorLabel.replace('{heading}', heading)}">#</a>`;

  test('follow the text of each h2 on a Markdown page and on an MDX page, with the same markup, named in the page\'s language', () => {
    expect(main(page('guide/first-steps/index.html'))).toContain(`<h2 id="configure">Configure${anchor('en-US', 'configure', 'Configure')}</h2>`);
    expect(main(page('guide/index.html'))).toContain(`<h2 id="install">Install${anchor('en-US', 'install', 'Install')}</h2>`);
    expect(main(page('fr-FR/guide/first-steps/index.html'))).toContain(`<h2 id="configurer">Configurer${anchor('fr-FR', 'configurer', 'Configurer')}</h2>`);
    expect(main(page('ar/guide/index.html'))).toContain(anchor('ar', 'التثبيت', 'التثبيت'));
  });

  test('are not on the page title (h1)', () => {
    expect(main(page('guide/index.html'))).toMatch(/<h1[^>]*>Guide<\/h1>/);
  });

  test("do not leak into the TOC or the search data", () => {
    const toc = /<nav class="toc"[\s\S]*?<\/nav>/.exec(page('guide/first-steps/index.html'))![0];
    expect(toc).toContain('<a href="#configure">Configure</a>');
    expect(toc).not.toContain('heading-anchor');
    const search = JSON.parse(page('_next/static/chunks/nextra-data-en-US.json')) as Record<string, { data: Record<string, string> }>;
    expect(Object.keys(search['/guide/first-steps']!.data)).toEqual(['', 'configure#Configure']);
    expect(JSON.stringify(search)).not.toContain('heading-anchor');
  });
});
