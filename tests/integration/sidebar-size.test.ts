import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import type { SidebarData, SidebarItem } from '../../src/shared/types.ts';
import { tempSite, tmp } from '../helpers.ts';

const SECTIONS = 5;
const PAGES_PER_TOPIC = 10;
const PARAGRAPH = 'A page of the generated site, long enough to look like prose: it says what the section is about and where to read on. '.repeat(6);

/**
 * A site of 5 sections (each with its page) × `topics` topic folders (without one) × 10 pages.
 * With 1 topic it has 55 pages, with 10 it has 505: the pages of `/s1/t1` sit in both, with the
 * same siblings at every level but the topics beside `t1`.
 */
function generatedSite(topics: number): Record<string, string> {
  const files: Record<string, string> = { 'content/index.md': `# Home\n\n${PARAGRAPH}\n` };
  for (let s = 1; s <= SECTIONS; s++) {
    files[`content/s${s}/index.md`] = `# Section ${s}\n\n${PARAGRAPH}\n`;
    for (let t = 1; t <= topics; t++) {
      for (let p = 1; p <= PAGES_PER_TOPIC; p++) files[`content/s${s}/t${t}/p${p}.md`] = `# Page ${s}.${t}.${p}\n\n## First part\n\n${PARAGRAPH}\n\n## Second part\n\n${PARAGRAPH}\n`;
    }
  }
  return files;
}

interface BuiltSite {
  out: string;
  page: (route: string) => string;
  cleanup: () => void;
}

async function buildGenerated(topics: number): Promise<BuiltSite> {
  const site = tempSite(generatedSite(topics));
  const out = join(tmp(), 'out');
  await build({ root: site.root, outDir: out });
  return {
    out,
    page: (route) => readFileSync(join(out, route.slice(1), 'index.html'), 'utf8'),
    cleanup: () => {
      site.cleanup();
      rmSync(join(out, '..'), { recursive: true, force: true });
    },
  };
}

const sidebarOf = (html: string) => html.slice(html.indexOf('<aside class="sidebar"'), html.indexOf('</aside>'));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

let small: BuiltSite;
let large: BuiltSite;
beforeAll(async () => {
  small = await buildGenerated(1);
  large = await buildGenerated(10);
});
afterAll(() => {
  small?.cleanup();
  large?.cleanup();
});

describe("a page's HTML does not grow with the site", () => {
  test('the pages of one topic weigh within 1.2× in a site of 55 pages and in one of 505', () => {
    const routes = Array.from({ length: PAGES_PER_TOPIC }, (_, i) => `/s1/t1/p${i + 1}`);
    const bytes = (site: BuiltSite) => median(routes.map((route) => Buffer.byteLength(site.page(route))));
    expect(bytes(large) / bytes(small)).toBeLessThanOrEqual(1.2);
  });
});

describe("the reader's path, without JavaScript", () => {
  test("links the page's ancestors open with their children, the siblings at each level, and every section", () => {
    const sidebar = sidebarOf(large.page('/s2/t3/p4'));
    expect(sidebar).toContain('<a class="sidebar-folder-link" aria-expanded="true" href="/s2">Section 2</a><details open>');
    expect(sidebar).toContain('<details open><summary><span class="sidebar-folder-label">T3</span></summary>');
    expect(sidebar).toContain('aria-current="page" href="/s2/t3/p4">Page 2.3.4</a>');
    for (let p = 1; p <= PAGES_PER_TOPIC; p++) expect(sidebar).toContain(`href="/s2/t3/p${p}"`);
    // Topics beside t3 are links to their first page; sections beside s2 links to their page.
    for (let t = 1; t <= 10; t++) if (t !== 3) expect(sidebar).toContain(`<li class="sidebar-folder"><a href="/s2/t${t}/p1">T${t}</a></li>`);
    for (let s = 1; s <= SECTIONS; s++) if (s !== 2) expect(sidebar).toContain(`<li class="sidebar-folder"><a href="/s${s}">Section ${s}</a></li>`);
  });

  test('holds no page outside the path', () => {
    const sidebar = sidebarOf(large.page('/s2/t3/p4'));
    expect(sidebar).not.toContain('href="/s2/t4/p2"');
    expect(sidebar).not.toContain('href="/s1/t1/p1"');
  });
});

describe('the sidebar JSON the browser loads', () => {
  const jsonFiles = () => readdirSync(join(large.out, '_docs-gen')).filter((name) => name.startsWith('sidebar-'));

  test('is one file for the locale, named by the hash of its content, and every page points to it', () => {
    expect(jsonFiles()).toHaveLength(1);
    const name = jsonFiles()[0]!;
    const text = readFileSync(join(large.out, '_docs-gen', name), 'utf8');
    expect(name).toBe(`sidebar-en-US-${createHash('sha256').update(text).digest('hex').slice(0, 10)}.json`);
    for (const route of ['/s1', '/s5/t10/p10']) expect(large.page(route)).toContain(`data-sidebar-src="/_docs-gen/${name}" data-sidebar-section="/"`);
  });

  test('holds every page of the site, in order', () => {
    const data = JSON.parse(readFileSync(join(large.out, '_docs-gen', jsonFiles()[0]!), 'utf8')) as SidebarData;
    const hrefs: string[] = [];
    const walk = (items: SidebarItem[]) => {
      for (const item of items) {
        if (item.kind === 'link' || (item.kind === 'folder' && item.withIndexPage)) hrefs.push(item.href!);
        walk(item.children ?? []);
      }
    };
    walk(data.sections['/']!);
    // Without a `_meta`, pages and folders follow by name: 1, 10, 2, …
    const byName = [1, 10, 2, 3, 4, 5, 6, 7, 8, 9];
    const expected = ['/'];
    for (let s = 1; s <= SECTIONS; s++) {
      expected.push(`/s${s}`);
      for (const t of byName) for (const p of byName) expected.push(`/s${s}/t${t}/p${p}`);
    }
    expect(hrefs).toEqual(expected);
  });
});
