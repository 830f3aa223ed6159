import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { checkSite } from '../../src/check/check.ts';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts';
import { fixture, tempSite, tmp } from '../helpers.ts';

const LINK_FORMS = fixture('links-of-every-form-are-checked-as-the-build-writes-them');

/**
 * The broken links planted in LINK_FORMS, by page source and the target the built site lacks.
 * Not among them: the valid link of every form beside each, and the links inside HTML comments
 * and in a reference definition that no link uses, which the page does not render.
 */
const BROKEN_LINK_FORMS = [
  ['content/jsx.mdx', '/jsx-gone'],
  ['content/jsx.mdx', '/mdx-gone'],
  ['content/markdown.md', '/html-block-gone'],
  ['content/markdown.md', '/html-inline-gone'],
  ['content/markdown.md', '/odd/with space#nope'],
  ['content/markdown.md', '/reference-collapsed-gone'],
  ['content/markdown.md', '/reference-full-gone'],
  ['content/markdown.md', '/reference-shortcut-gone'],
  ['content/markdown.md', '/table-gone'],
];

/**
 * An independent checker: reads the BUILT site only (every `out/**.html`), follows each
 * `<a href>`, `<img src>` and rel-output `data-url` the way a browser would from the page's
 * URL, and reports each target that has no file, or no element with the `#id`.
 * It knows nothing of content, routes or the pipeline.
 */
function checkBuiltSite(outDir: string, basePath = ''): { broken: Map<string, Set<string>>; followed: number } {
  const pages = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.html') && p !== '404.html');
  const urlOf = (file: string) => `/${file.split('\\').join('/').replace(/(^|\/)index\.html$/, '')}`.replace(/(.)\/$/, '$1');
  const ids = new Map<string, Set<string>>();
  const html = new Map<string, string>();
  for (const file of pages) {
    // A browser follows no link inside a comment.
    const text = readFileSync(join(outDir, file), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
    html.set(urlOf(file), text);
    ids.set(urlOf(file), new Set([...text.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!)));
  }
  const fileAt = (path: string) =>
    [join(outDir, path), join(outDir, path, 'index.html'), join(outDir, `${path}.html`)].find((p) => existsSync(p) && statSync(p).isFile());
  const broken = new Map<string, Set<string>>();
  let followed = 0;
  for (const [page, text] of html) {
    // The page's own URL, as a server maps it to its file: each segment of the file's path encoded.
    const pageUrl = new URL(`http://site${basePath}${page === '/' && basePath ? '' : page.split('/').map(encodeURIComponent).join('/')}`);
    for (const match of text.matchAll(/<(?:a|img|div)\s(?:[^>]*?\s)?(?:href|src|data-url)="([^"]*)"/g)) {
      const written = match[1]!.replace(/&amp;/g, '&');
      if (/^[a-z][a-z0-9+.-]*:/i.test(written) || written.startsWith('//')) continue;
      const url = new URL(written, pageUrl);
      followed++;
      const decodedPath = decodeOnce(url.pathname);
      const hash = decodeOnce(url.hash.slice(1)) ?? url.hash.slice(1);
      let path = decodedPath ?? '';
      let target: string | undefined;
      // A server answers a path it cannot decode (`/50%`) with 400.
      if (decodedPath === undefined) target = `${url.pathname} (malformed)`;
      else if (basePath && path !== basePath && !path.startsWith(`${basePath}/`)) target = path;
      else {
        path = path.slice(basePath.length) || '/';
        const file = fileAt(path);
        const route = path.length > 1 ? path.replace(/\/$/, '') : path;
        if (!file) target = route;
        else if (hash && file.endsWith('.html') && !ids.get(route)?.has(hash)) target = `${route}#${hash}`;
      }
      if (target) broken.set(target, (broken.get(target) ?? new Set()).add(page));
    }
  }
  return { broken, followed };
}

function decodeOnce(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** What a `check` finding points at, in the built site's terms: the route (and `#id`) that is missing. */
function targetOf(d: Diagnostic): string {
  const anchor = /no heading with id "([^"]+)" on (.+)$/.exec(d.message);
  if (anchor) return `${anchor[2]}#${anchor[1]}`;
  return /no page at (.+)$/.exec(d.message)![1]!;
}

const LINK_CODES = new Set(['broken-link', 'broken-anchor', 'broken-meta-link']);
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

async function buildInto(root: string): Promise<string> {
  const out = join(tmp(), 'out');
  temporary.push(join(out, '..'));
  await build({ root, outDir: out });
  return out;
}

describe('check agrees with an independent checker of the built site', () => {
  test('on the planted site, the build refuses exactly the missing images and rel outputs that check reports', async () => {
    const report = await checkSite({ root: fixture('check-every-planted-problem-is-found-once') });
    const fromCheck = report.findings.filter((d) => !LINK_CODES.has(d.code) && d.severity === 'error');
    const dir = tmp();
    temporary.push(dir);
    const refused = await build({ root: fixture('check-every-planted-problem-is-found-once'), outDir: join(dir, 'out') }).then(
      () => [],
      (error: { diagnostics: Diagnostic[] }) => error.diagnostics,
    );
    const place = (d: Diagnostic) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.target}`;
    expect(refused.map(place).sort()).toEqual(fromCheck.map(place).sort());
    expect(fromCheck).toHaveLength(3);
  });

  test('on the planted site without its missing files, every broken link and anchor the built pages have is one check found, once', async () => {
    const site = tempSite({});
    temporary.push(site.root);
    cpSync(fixture('check-every-planted-problem-is-found-once'), site.root, { recursive: true });
    rmSync(join(site.root, 'content', 'guide', 'files.mdx'));
    const report = await checkSite({ root: site.root });
    const links = report.findings.filter((d) => LINK_CODES.has(d.code));
    const { broken: fromHtml, followed } = checkBuiltSite(await buildInto(site.root));
    expect(followed).toBeGreaterThan(100);

    expect(links).toHaveLength(7);
    expect(new Set(links.map(targetOf)).size).toBe(links.length);
    expect([...fromHtml.keys()].sort()).toEqual(links.map(targetOf).sort());
    // A link written in a page is broken on that page; a `_meta` link on every page showing the navigation.
    for (const d of links.filter((f) => f.code !== 'broken-meta-link')) {
      const page = d.file!.replace(/^content/, '').replace(/\.mdx?$/, '').replace(/\/index$/, '') || '/';
      expect(fromHtml.get(targetOf(d))).toEqual(new Set([page]));
    }
    expect(report.findings.filter((d) => !LINK_CODES.has(d.code)).map((d) => d.code)).toEqual(['unreachable-page']);
  });

  test('under a base path, a link written with the base path is broken in both, and the others are fine in both', async () => {
    const root = fixture('check-a-site-under-a-base-path');
    const report = await checkSite({ root });
    const { broken: fromHtml } = checkBuiltSite(await buildInto(root), '/docs');
    expect(report.findings.map((d) => [d.code, d.target, targetOf(d)])).toEqual([['broken-link', '/docs/guide', '/docs/guide']]);
    expect([...fromHtml.keys()]).toEqual(['/docs/guide']);
  });

  describe.each([
    ['without a base path', ''],
    ['under a base path', '/docs'],
  ])('on links of every form (raw HTML, JSX, reference-style, tables, comments, names to encode), %s', (_title, basePath) => {
    test('every broken link the built pages have is one check found on that page, and check finds no other', async () => {
      const site = tempSite(basePath ? { 'docs-gen.config.ts': `export default { title: 'Links', basePath: '${basePath}' };\n` } : {});
      temporary.push(site.root);
      cpSync(LINK_FORMS, site.root, { recursive: true });
      const report = await checkSite({ root: site.root });
      const links = report.findings.filter((d) => LINK_CODES.has(d.code));
      const { broken: fromHtml, followed } = checkBuiltSite(await buildInto(site.root), basePath);
      expect(followed).toBeGreaterThan(50);

      expect(report.findings.filter((d) => !LINK_CODES.has(d.code))).toEqual([]);
      expect(links.map((d) => [d.file, targetOf(d)]).sort()).toEqual(BROKEN_LINK_FORMS);
      expect([...fromHtml.keys()].sort()).toEqual(links.map(targetOf).sort());
      for (const d of links) expect(fromHtml.get(targetOf(d))).toEqual(new Set([d.file!.replace(/^content/, '').replace(/\.mdx?$/, '')]));
    });
  });
});
