import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildAndCheckOnce, fixture } from '../helpers.ts';

const NEXTRA_2 = fixture('a-nextra-2-site-builds-unchanged');

describe('a Nextra 2 site (pages/, next.config.js, theme.config.tsx) built with no file changed', () => {
  const site = buildAndCheckOnce(NEXTRA_2);
  const page = site.page;

  test('builds every page from pages/, and leaves _app, _document and api/ out', () => {
    for (const path of ['index.html', 'guide/components/index.html', 'guide/images/index.html', 'guide/next-modules/index.html', 'de-DE/index.html', 'de-DE/guide/components/index.html']) {
      expect(existsSync(join(site.outDir, path)), path).toBe(true);
    }
    for (const path of ['_app', '_document', 'api']) expect(existsSync(join(site.outDir, path)), path).toBe(false);
  });

  test('lists every option it cannot map in one warning per config file, and nothing else', () => {
    expect(site.result.warnings.map((w) => [w.code, w.file])).toEqual([
      ['nextra-config-unmapped', 'next.config.js'],
      ['nextra-config-unmapped', 'theme.config.tsx'],
    ]);
    expect(site.result.warnings[0]!.message).toMatch(/no equivalent\): redirects: \/blog\/:id\(\\d\+\) \(a pattern docs-gen cannot follow: [^)]*\)$/);
    expect(site.result.warnings[1]!.message).toMatch(/no equivalent\): editLink, head$/);
  });

  test('takes locales from next.config i18n and their names from theme.config', () => {
    const german = page('de-DE/index.html');
    expect(german).toContain('Widgets lassen sich zusammenstecken');
    expect(page('index.html')).toContain('Deutsch');
  });

  test('maps theme.config: logo text as the title, the title template, banner, footer, search placeholder, project link', () => {
    const home = page('index.html');
    expect(home).toContain('<title>Introduction – Acme Widgets</title>');
    expect(home).toContain('Acme Widgets');
    expect(home).toContain('Widgets 2.0 is out');
    expect(home).toContain('MIT 2026 © Acme');
    expect(home).toContain('Search widgets…');
    expect(home).toContain('https://github.com/acme/widgets');
  });

  test("writes next.config's redirects, patterns too, into _redirects with Next.js's statuses", () => {
    expect(page('_redirects')).toBe(
      ['/old-guide /guide/components 308', '/docs/* /guide/:splat 307', '/de-DE/old-guide /de-DE/guide/components 308', '/de-DE/docs/* /de-DE/guide/:splat 307', ''].join('\n'),
    );
  });

  test('emits a redirect page for each fixed redirect of next.config', () => {
    const redirect = page('old-guide/index.html');
    expect(redirect).toContain('<meta http-equiv="refresh" content="0; url=/guide/components">');
    expect(redirect).toContain('<link rel="canonical" href="/guide/components">');
  });

  test('renders Callout, Tabs (radio inputs, no script), Cards, Steps, FileTree and Bleed from nextra-theme-docs', () => {
    const html = page('guide/components/index.html');
    expect(html).toContain('<div class="alert alert-warning" role="alert">');
    expect(html.match(/<input type="radio" class="nx-tab-radio"/g)).toHaveLength(3);
    expect(html).toMatch(/<label for="[^"]+-1" class="nx-tab-label">pnpm<\/label>/);
    expect(html).toMatch(/<section class="nx-tab-panel" id="[^"]+">yarn add widgets<\/section>/);
    expect(html).toContain('<a class="nx-card" href="/guide/images">');
    expect(html).toContain('<div class="nx-steps"><h3 id="unpack">Unpack<a class="heading-anchor" href="#unpack" aria-label="Link to the section “Unpack”">#</a></h3>');
    expect(html).toContain('<summary>widgets</summary>');
    expect(html).toContain('<div class="nx-bleed">');
  });

  test("gives every page theme.config's components without an import, in pages with and without imports", () => {
    expect(page('guide/components/index.html')).toContain('<mark class="highlight">Highlight comes from theme.config components, with no import.</mark>');
    expect(page('guide/global/index.html')).toContain('<mark class="highlight">the components theme.config gives</mark>');
  });

  test('gives static image imports their src, width and height, and copies the files', () => {
    const html = page('guide/images/index.html');
    for (const [name, width, height] of [['diagram', 120, 80], ['photo', 64, 48], ['anim', 32, 32]] as const) {
      const src = new RegExp(`src="(/_docs-gen/nextra/${name}\\.[0-9a-f]+\\.(?:png|jpeg|gif))"`).exec(html)?.[1];
      expect(src, name).toBeDefined();
      expect(existsSync(join(site.outDir, src!)), src).toBe(true);
      expect(html).toMatch(new RegExp(`src="${src}"[^>]*width="${width}" height="${height}"|src="${src}" width="${width}" height="${height}"`));
    }
  });

  test('finds a Markdown image named relative to the page (../../img/) beside it, gives it its size and copies it', () => {
    const html = page('guide/images/index.html');
    expect(html).toMatch(/<img src="\/_docs-gen\/files\/img\/diagram\.png" alt="The diagram, as Markdown" width="120" height="80"/);
    expect(readFileSync(join(site.outDir, '_docs-gen/files/img/diagram.png'))).toEqual(readFileSync(join(NEXTRA_2, 'img/diagram.png')));
  });

  test('imports an SVG both as a component (inline) and as an image file', () => {
    const html = page('guide/images/index.html');
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" stroke-width="2" aria-label="Acme logo"><circle');
    expect(html).toMatch(/<img src="\/_docs-gen\/nextra\/logo\.[0-9a-f]+\.svg" alt="The logo as a file" width="24" height="24"/);
  });

  test('resolves next/link, next/router, next/dynamic, nextra/context, root-folder imports, .js with JSX and imported .mdx', () => {
    const html = page('guide/next-modules/index.html');
    expect(html).toContain('<a href="/guide/components">Components, through next/link</a>');
    expect(html).toContain('<p class="widget-count">3 widgets in stock</p>');
    expect(html).toContain('<span class="route-badge">en-US /guide/next-modules</span>');
    expect(html).toContain('<figure class="chart">A chart, loaded with next/dynamic</figure>');
    expect(html).toContain('<h2 id="shared-section">Shared section</h2>');
    expect(html).toContain('Title from useConfig: Next.js modules');
    expect(html).toContain('<ul class="siblings"><li>Built-in components</li><li>Global components</li><li>Images</li><li>Next.js modules</li></ul>');
    expect(html).toContain('filterRouteLocale is a function');
    // next/head's children are not carried into the page.
    expect(html).not.toContain('<title>ignored</title>');
  });

  test("runs hooks against docs-gen's React, never the site's own copy in its node_modules", () => {
    // The fixture's node_modules/react throws when loaded; the page with useState rendered.
    expect(page('guide/next-modules/index.html')).toContain('widgets in stock');
  });

  test('leaves searchable: false pages out of the search data and writes ogImage as og:image', () => {
    const search = JSON.parse(page('_next/static/chunks/nextra-data-en-US.json')) as Record<string, unknown>;
    expect(Object.keys(search)).toContain('/guide/components');
    expect(Object.keys(search)).not.toContain('/guide/images');
    expect(page('index.html')).toContain('<meta property="og:image" content="/og.png"/>');
  });

  test('check is clean: links to a redirected path (/old-guide, and /docs/images through /docs/:slug*) are followed through the redirect', () => {
    expect(site.report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    // 7 pages of its own and 3 shown untranslated under the other locale's prefix (fallback pages).
    expect(site.report.pages).toBe(10);
  });
});
