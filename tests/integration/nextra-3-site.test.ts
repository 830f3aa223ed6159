import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildAndCheckOnce, fixture } from '../helpers.ts';

const NEXTRA_3 = fixture('a-nextra-3-site-builds-unchanged');

describe('a Nextra 3 site (_meta.ts with type folder and children, nextra/components, next.config.mjs)', () => {
  const site = buildAndCheckOnce(NEXTRA_3);
  const page = site.page;

  test("orders and titles a folder's pages from children: {…} in its parent's _meta, without a meta-invalid", () => {
    // A page inside the folder: elsewhere the server writes the folder as one link (the reader's path).
    const sidebar = /<nav class="sidebar[\s\S]*?<\/nav>/.exec(page('guide/install/index.html'))![0].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
    expect(sidebar).toContain('Home Guide Using Lantern Installation');
    expect(site.result.warnings.filter((w) => w.code.startsWith('meta-'))).toEqual([]);
  });

  test('renders nextra/components with their Nextra 3 names (Tabs.Tab, Cards.Card, FileTree.File) and options', () => {
    const html = page('index.html');
    expect(html).toContain('<div class="alert alert-info" role="note"><span class="alert-icon" aria-hidden="true">❗</span>');
    expect(html).toMatch(/<input type="radio" class="nx-tab-radio" id="[^"]+-1" aria-controls="[^"]+" name="[^"]+" checked=""\/>/);
    expect(html).toContain('<div class="nx-cards" style="grid-template-columns:repeat(2, minmax(0, 1fr))">');
    expect(html).toContain('<li class="nx-filetree-file nx-active">index.mdx</li>');
  });

  test('reads an ES module next.config.mjs and a theme.config.jsx, and names the option that does not map', () => {
    expect(page('index.html')).toContain('Lantern, a light for your docs');
    expect(page('install/index.html')).toContain('url=/guide/install');
    expect(site.result.warnings.map((w) => w.message)).toEqual(['theme.config.jsx: not carried over to docs-gen (no equivalent): toc.backToTop']);
  });

  test('finds an image of a .md page named relative to it (./lantern.png) beside it, gives it its size and copies it', () => {
    expect(page('guide/faq/index.html')).toContain('<img src="/_docs-gen/files/pages/guide/lantern.png" alt="Lantern at work" loading="lazy" decoding="async" width="48" height="32">');
    expect(readFileSync(join(site.outDir, '_docs-gen/files/pages/guide/lantern.png'))).toEqual(readFileSync(join(NEXTRA_3, 'pages/guide/lantern.png')));
  });

  test('check is clean and prints the migration summary', () => {
    expect(site.report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(site.report.notes).toEqual([
      'Nextra migration: 4 pages read; 1 used the compatibility layer',
      '  shims: nextra/components (1 page)',
      '  module habits: 0 image imports, 0 .mdx imports, 0 root-folder imports, 0 .js files with JSX',
      '  approximated or left out: nothing',
    ]);
  });
});
