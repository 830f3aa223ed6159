// A page a locale lacks is shown under its prefix with the default locale's compile (locale-fallback.ts):
// its HTML body links where the original's do, and so does its Markdown, whichever way the Markdown is
// made (from the compile, or by a parse: a page with math, a Markdown page with relative links).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { tempSite } from '../helpers.ts';

const site = tempSite({
  'docs-gen.config.ts': "export default { title: 'Fallbacks', locales: [{ locale: 'en-US', text: 'English' }, { locale: 'fr-FR', text: 'Français' }] };\n",
  'content/index.md': '# Home\n\nStart with [the intro](./guide/intro).\n',
  'content/index.fr-FR.md': '# Accueil\n\nCommencez par [l’introduction](./guide/intro).\n',
  // Math: its Markdown is made by a parse, not by the compile.
  'content/guide/intro.mdx': '# Intro\n\nThe area is $\\pi r^2$. Read [the next page](./next) or go [home](/).\n',
  // Relative links in a Markdown page: rewritten, so parsed too.
  'content/guide/next.md': '# Next\n\nBack to [the intro](./intro).\n',
  // Neither: the compile made its Markdown.
  'content/guide/plain.mdx': '# Plain\n\n<Alert type="info">See [the intro](./intro).</Alert>\n',
});
const outDir = join(site.root, 'out');
const read = (path: string) => readFileSync(join(outDir, path), 'utf8');
/** The link targets a text holds: Markdown's `](…)` or HTML's `href` in the page's body. */
const markdownLinks = (text: string) => [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
const bodyLinks = (html: string) => [...html.slice(html.indexOf('<article'), html.indexOf('</article>')).matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]).filter((href) => !href.startsWith('#'));

beforeAll(() => build({ root: site.root, outDir }));
afterAll(() => site.cleanup());

test.each(['guide/intro', 'guide/next', 'guide/plain'])("%s: the French fallback's Markdown is the original's, with the links its HTML body has", (route) => {
  const original = read(`${route}.md`);
  expect(read(`fr-FR/${route}.md`)).toBe(original);
  const links = markdownLinks(original);
  expect(links.length).toBeGreaterThan(0);
  // The body comes first in the article; the fallback notice and the page footer follow.
  expect(bodyLinks(read(`fr-FR/${route}/index.html`)).slice(0, links.length)).toEqual(links);
});

test('a translated page keeps its own links', () => {
  expect(markdownLinks(read('fr-FR/index.md'))).toEqual(['/fr-FR/guide/intro']);
});
