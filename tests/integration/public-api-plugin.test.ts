import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { fixture, tmp, useFixtureCopy } from '../helpers.ts';
import { useDevServer } from '../use-dev-server.ts';

/*
 * A plugin written only against `docs-gen` (tests/fixtures/a-plugin-written-against-the-public-api-does-what-built-ins-do/plugin)
 * does what the built-ins do, in build and in dev: an MDX component, a remark plugin, theme data
 * on every page, a worker task in the site's own TypeScript, a dev-server route, and a
 * transformPage that sees the theme each page was rendered with.
 */
const SITE = fixture('a-plugin-written-against-the-public-api-does-what-built-ins-do');

const NOT_FOUND_THEME = { breadcrumb: false, footer: true, layout: 'full', navbar: true, pagination: false, sidebar: false, timestamp: true, toc: false, typesetting: 'default' };
const META_THEMED = { breadcrumb: true, footer: true, layout: 'full', navbar: true, pagination: true, sidebar: true, timestamp: true, toc: false, typesetting: 'article' };

const themeSeen = (html: string) => JSON.parse(/<!-- theme seen by transformPage: (.*?) -->/.exec(html)?.[1] ?? 'null') as unknown;
const siteNote = (html: string) => /<aside class="site-note">([^<]*)<\/aside>/.exec(html)?.[1];
const facts = (html: string) => /<p id="plugin-facts">([^<]*)<\/p>/.exec(html)?.[1];

describe('a plugin written against the public API, in a build', () => {
  let out: string;
  const page = (path: string) => readFileSync(join(out, path), 'utf8');

  beforeAll(async () => {
    out = join(tmp(), 'out');
    await build({ root: SITE, outDir: out });
  });
  afterAll(() => rmSync(join(out, '..'), { recursive: true, force: true }));

  test('adds an MDX component that shows the theme data on every content page', () => {
    expect(siteNote(page('index.html'))).toBe('Theme data from acme:everything');
    expect(siteNote(page('guide/page/index.html'))).toBe('Theme data from acme:everything');
  });

  test("runs its remark plugin on MDX pages, and the theme's own components still render", () => {
    expect(page('index.html')).toContain('<p>Hello 👋</p>');
    expect(page('guide/page/index.html')).toContain('<div class="alert alert-info" role="note">');
  });

  test('reads typed pages, runs a worker task from a TypeScript file in the site, and uses isNavigable and isDiagnosticError', () => {
    expect(facts(page('plugin-page/index.html'))).toBe('loaded; Guide page, Home; doubled 42; /404 navigable: false; false');
  });

  test('transformPage gets the theme each page was rendered with: /404 and a _meta-themed page', () => {
    expect(themeSeen(page('404/index.html'))).toEqual(NOT_FOUND_THEME);
    expect(themeSeen(page('guide/page/index.html'))).toEqual(META_THEMED);
    expect(page('guide/page/index.html')).toContain('typesetting-article');
  });

  test('every hook of a build runs, in order', () => {
    const hooks = JSON.parse(page('hooks.json')) as { calls: string[]; themes: Record<string, unknown> };
    expect(hooks.calls).toEqual(['loadContent', 'contentLoaded', 'transformPage', 'postBuild']);
    expect(hooks.themes['/404']).toEqual(NOT_FOUND_THEME);
  });
});

describe('a plugin written against the public API, in dev', () => {
  // A copy: dev keeps its output in the site's cache folder, and the build above reads the fixture's.
  const dev = useDevServer(useFixtureCopy('a-plugin-written-against-the-public-api-does-what-built-ins-do'));
  const get = async (path: string) => {
    const response = await fetch(dev.url(path));
    return { status: response.status, text: await response.text() };
  };

  test('answers its own dev-server route before any page', async () => {
    expect(await get('/acme/hello')).toEqual({ status: 200, text: expect.stringMatching(/^hello from acme:everything \(loadContent, contentLoaded/) as unknown as string });
  });

  test('its MDX component, remark plugin and theme data are on the pages', async () => {
    const home = (await get('/')).text;
    expect(siteNote(home)).toBe('Theme data from acme:everything');
    expect(home).toContain('<p>Hello 👋</p>');
    expect(siteNote((await get('/guide/page')).text)).toBe('Theme data from acme:everything');
    expect(facts((await get('/plugin-page')).text)).toBe('loaded; Guide page, Home; doubled 42; /404 navigable: false; false');
  });

  test('transformPage gets the theme each page was rendered with: /404 and a _meta-themed page', async () => {
    const missing = await get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(themeSeen(missing.text)).toEqual(NOT_FOUND_THEME);
    expect(themeSeen((await get('/guide/page')).text)).toEqual(META_THEMED);
  });

  test('postBuild runs in dev, and watchPaths was asked', async () => {
    const hooks = JSON.parse((await get('/hooks.json')).text) as { calls: string[] };
    expect(hooks.calls).toEqual(expect.arrayContaining(['loadContent', 'contentLoaded', 'transformPage', 'postBuild']));
    expect([...dev.server.site.pipeline.watchPaths().keys()]).toContain('acme:everything');
  });
});
