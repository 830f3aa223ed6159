// The theme's page frame is written by src/shared/static-markup.ts, not React's server renderer,
// wherever it models what React writes. Each site here is built twice, once as the tool builds it
// and once with every frame React's (`DOCS_GEN_REACT_FRAME=1`, read by the render workers as they
// start): every file of the two outputs must be the same bytes. Between them the sites have one
// and several locales, a right-to-left one with untranslated pages, a base path, a content
// security policy, hosted search, images, math, diagrams, Nextra's components, plugins' pages
// and this repository's own site.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { readFileSync } from 'node:fs';
import { filesOf, fixture, repoRoot, tempSite, tmp } from '../helpers.ts';

async function builtBothWays(root: string): Promise<{ staticFrames: Map<string, string>; reactFrames: Map<string, string> }> {
  const base = tmp();
  await build({ root, outDir: join(base, 'static'), cache: false });
  const before = process.env.DOCS_GEN_REACT_FRAME;
  process.env.DOCS_GEN_REACT_FRAME = '1';
  try {
    await build({ root, outDir: join(base, 'react'), cache: false });
  } finally {
    if (before === undefined) delete process.env.DOCS_GEN_REACT_FRAME;
    else process.env.DOCS_GEN_REACT_FRAME = before;
  }
  return { staticFrames: filesOf(join(base, 'static')), reactFrames: filesOf(join(base, 'react')) };
}

describe("the page frame: the same bytes as React's", () => {
  test.each([
    'a-site-in-two-locales-writes-each-under-its-prefix',
    'a-site-in-french-and-arabic-shows-untranslated-pages-in-english',
    'a-site-with-a-base-path-prefixes-links-and-assets',
    'a-site-with-a-content-security-policy-runs-the-theme-scripts',
    'a-site-with-hosted-search-opens-the-modal',
    'headings-code-math-diagrams-and-llms-txt-work-on-every-page',
    'a-nextra-3-site-builds-unchanged',
    'a-third-party-plugin-adds-routes-and-files',
  ])('%s', async (name) => {
    const { staticFrames, reactFrames } = await builtBothWays(fixture(name));
    expect([...staticFrames.keys()].filter((path) => path.endsWith('.html')).length).toBeGreaterThan(3);
    expect(staticFrames).toEqual(reactFrames);
  });

  test("this repository's site", async () => {
    const { staticFrames, reactFrames } = await builtBothWays(repoRoot);
    expect([...staticFrames.keys()].filter((path) => path.endsWith('.html')).length).toBeGreaterThan(100);
    expect(staticFrames).toEqual(reactFrames);
  });
});

describe("a page's own code runs once", () => {
  // Only a page of literal JSX is tried without React: a try that React then renders again (here
  // for the textarea, which the static writer leaves to React) would run an expression or an
  // export's code twice, and a counter in it would number the figures from 3 (review 50).
  test('a counter in an export numbers the figures 1 and 2', async () => {
    const site = tempSite({
      'docs-gen.config.ts': "export default { title: 'Figures' };\n",
      'content/index.mdx': [
        'export let n = 0',
        'export const Fig = ({ children }) => <figure>{children}<figcaption>Figure {++n}</figcaption></figure>',
        '',
        '# Figures',
        '',
        '<Fig>one</Fig>',
        '',
        '<Fig>two</Fig>',
        '',
        '<textarea defaultValue="x" />',
        '',
      ].join('\n'),
    });
    try {
      const out = join(tmp(), 'out');
      await build({ root: site.root, outDir: out, cache: false });
      const html = readFileSync(join(out, 'index.html'), 'utf8');
      expect(html.match(/Figure \d+/g)).toEqual(['Figure 1', 'Figure 2']);
    } finally {
      site.cleanup();
    }
  });
});
