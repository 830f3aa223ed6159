import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { tempSite, tmp } from '../helpers.ts';

describe('a site whose content has no index page', () => {
  test('gets a home page from the theme that links to each top-level section', async () => {
    const site = tempSite({
      'content/guide/intro.md': '---\ntitle: Introduction\n---\n# Introduction\n',
      'content/guide/setup.md': '# Setup\n',
      'content/api.md': '---\ntitle: API\n---\n# API\n',
      'content/_meta.json': JSON.stringify({ guide: 'Guide', api: 'API reference' }),
    });
    const outDir = tmp();
    try {
      await build({ root: site.root, outDir });
      expect(existsSync(join(outDir, 'index.html'))).toBe(true);
      const html = readFileSync(join(outDir, 'index.html'), 'utf8');
      expect(html).toContain('<title>Documentation - documentation</title>');
      expect(html).toMatch(/<ul class="home-sections"><li><a href="\/guide\/intro">Guide<\/a><\/li><li><a href="\/api">API reference<\/a><\/li><\/ul>/);
      expect(readFileSync(join(outDir, 'sitemap.xml'), 'utf8')).toContain('<loc>/</loc>');
    } finally {
      site.cleanup();
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  test('lists no special page readers do not navigate to, though content has one at the top level', async () => {
    const site = tempSite({
      'content/guide.md': '# Guide\n',
      'content/404.md': '# Lost\n',
      'content/search.md': '# Find\n',
    });
    const outDir = tmp();
    try {
      await build({ root: site.root, outDir });
      const html = readFileSync(join(outDir, 'index.html'), 'utf8');
      expect(html).toMatch(/<ul class="home-sections"><li><a href="\/guide">Guide<\/a><\/li><\/ul>/);
    } finally {
      site.cleanup();
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
