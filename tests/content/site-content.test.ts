// The Rel documentation site itself (issue 8): every route of routes.txt is a real page, each
// page meets its floor, every output decodes, every image has alt text, and `check` is clean.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { checkSite } from '../../src/check/check.ts';
import type { CheckReport } from '../../src/check/report.ts';
import { decodeOutput } from '../../theme/mdx/rel-output/decode.ts';
import { encodeOutput } from '../../plugins/rel-output/encode-output.ts';
import { collectContentStats, splitFrontMatter } from '../../scripts/content-stats.mjs';
import { findOutputTables, relationsOfTable } from '../../scripts/rel-outputs.mjs';
import { repoRoot } from '../helpers.ts';
import { relSiteBuiltOnce } from '../rel-site-once.ts';

const contentDir = join(repoRoot, 'content');
const pages = collectContentStats(contentDir);
const sourceOf = (file: string) => readFileSync(join(contentDir, file), 'utf8');

/** The routes the site must have: our copy of routes.txt, and the shared one when it sits beside the repo. */
function requiredRoutes(): string[] {
  const lists = [join(repoRoot, 'tests/content/routes.txt'), join(repoRoot, '../shared/routes.txt')].filter((f) => existsSync(f));
  const routes = lists.flatMap((f) => readFileSync(f, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l.startsWith('/')));
  return [...new Set(routes)].sort();
}

/** Root-absolute targets (no hash, no trailing slash) of the links in a page's source. */
function linkTargets(source: string, route: string, isIndex: boolean): Set<string> {
  const folder = isIndex ? route : route.split('/').slice(0, -1).join('/') || '/';
  const raw = [...source.matchAll(/\]\(([^)\s]+)\)|href=["']([^"']+)["']/g)].map((m) => m[1] ?? m[2]!);
  const targets = raw
    .filter((href) => !/^[a-z]+:/i.test(href) && !href.startsWith('#'))
    .map((href) => new URL(href, `http://site${folder.endsWith('/') ? folder : folder + '/'}`).pathname.replace(/\/$/, '') || '/');
  return new Set(targets);
}

/** Every `<img>` tag in an HTML file, and whether it has non-empty alt text. */
function imagesWithoutAlt(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/\balt="[^"]*\S[^"]*"/.test(tag));
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

describe('the Rel documentation site', () => {
  let outDir: string;
  let report: CheckReport;
  beforeAll(async () => {
    outDir = await relSiteBuiltOnce();
    report = await checkSite({ root: repoRoot });
  });

  test('builds a page for every route in routes.txt', () => {
    const missing = requiredRoutes().filter((route) => !existsSync(join(outDir, route, 'index.html')));
    expect(missing).toEqual([]);
  });

  test('every route in routes.txt other than the special pages comes from a content page', () => {
    const written = new Set(pages.map((p) => p.route));
    const special = new Set(['/404', '/500', '/search']);
    expect(requiredRoutes().filter((r) => !special.has(r) && !written.has(r))).toEqual([]);
  });

  test('docs-gen check finds nothing: no broken link, anchor, image or output, no warning', () => {
    expect(report.complete).toBe(true);
    expect(report.findings.map((d) => `${d.file}:${d.line ?? 0} ${d.code} ${d.message}`)).toEqual([]);
  });

  test('every page has its front matter, its word floor and, where it teaches, code', () => {
    const under = pages.filter((p) => p.problems.length).map((p) => `${p.route}: ${p.problems.join('; ')}`);
    expect(under).toEqual([]);
  });

  test('every date in front matter is an ISO date and lastmod is not before date', () => {
    const iso = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));
    const wrong = pages.filter((p) => {
      const { date, lastmod } = p.frontMatter as { date?: unknown; lastmod?: unknown };
      const [d, l] = [iso(date), iso(lastmod)];
      return !/^\d{4}-\d{2}-\d{2}$/.test(d) || !/^\d{4}-\d{2}-\d{2}$/.test(l) || l < d;
    });
    expect(wrong.map((p) => p.route)).toEqual([]);
  });

  test('every page links at least two other pages', () => {
    const lonely = pages.filter((p) => [...linkTargets(sourceOf(p.file), p.route, p.isIndex)].filter((t) => t !== p.route).length < 2);
    expect(lonely.map((p) => p.route)).toEqual([]);
  });

  test('every folder page links each of its child pages', () => {
    const routes = new Set(pages.map((p) => p.route));
    const unlinked: string[] = [];
    for (const page of pages.filter((p) => p.isIndex)) {
      const prefix = page.route === '/' ? '/' : `${page.route}/`;
      const children = [...routes].filter((r) => r.startsWith(prefix) && r !== page.route && !r.slice(prefix.length).includes('/'));
      const targets = linkTargets(sourceOf(page.file), page.route, true);
      for (const child of children) if (!targets.has(child)) unlinked.push(`${page.route} → ${child}`);
    }
    expect(unlinked).toEqual([]);
  });

  test('every image in every built page has alt text', () => {
    const bad = htmlFiles(outDir).flatMap((file) => imagesWithoutAlt(readFileSync(file, 'utf8')).map((tag) => `${file.slice(outDir.length)}: ${tag}`));
    expect(bad).toEqual([]);
  });

  test('every DocImage in the source has alt text and its files exist', () => {
    const bad: string[] = [];
    for (const page of pages) {
      for (const [tag] of sourceOf(page.file).matchAll(/<DocImage\b[\s\S]*?\/>/g)) {
        if (!/\balt=["'][^"']*\S/.test(tag)) bad.push(`${page.route}: no alt in ${tag}`);
        for (const [, src] of tag.matchAll(/\bsrc(?:Dark)?=["']([^"']+)["']/g)) {
          if (!existsSync(join(repoRoot, 'public', src!))) bad.push(`${page.route}: ${src} does not exist`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  test('every RelOutput names an output file that decodes as Arrow', () => {
    const bad: string[] = [];
    for (const page of pages) {
      const folder = join(contentDir, page.file.replace(/\.mdx?$/, '.outputs'));
      for (const [, src] of sourceOf(page.file).matchAll(/<RelOutput\b[^>]*\bsrc=["']([^"']+)["']/g)) {
        const file = join(folder, src!.endsWith('.json') ? src! : `${src}.json`);
        if (!existsSync(file)) {
          bad.push(`${page.route}: ${src} has no file`);
          continue;
        }
        try {
          if (decodeOutput(readFileSync(file, 'utf8')).length === 0) bad.push(`${page.route}: ${src} holds no relation`);
        } catch (error) {
          bad.push(`${page.route}: ${src} does not decode: ${(error as Error).message}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  test('every output file is generated from its readable table and is up to date', () => {
    const tables: string[] = findOutputTables(contentDir);
    const stale = tables.filter((table) => {
      const json = join(contentDir, table.replace(/\.yaml$/, '.json'));
      const expected = encodeOutput(relationsOfTable(readFileSync(join(contentDir, table), 'utf8'), table));
      return !existsSync(json) || readFileSync(json, 'utf8') !== expected;
    });
    expect(stale).toEqual([]);
  });

  test('the site shows outputs on at least 25 pages from at least 40 files, in all three modes', () => {
    const withOutputs = pages.filter((p) => p.relOutputs > 0);
    const files = readdirSync(contentDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.json') && e.parentPath.endsWith('.outputs'));
    const source = pages.map((p) => sourceOf(p.file)).join('\n');
    expect(withOutputs.length).toBeGreaterThanOrEqual(25);
    expect(files.length).toBeGreaterThanOrEqual(40);
    expect(source).toMatch(/<RelOutput\b(?![^>]*\bmode=)[^>]*\/>/);
    expect(source).toMatch(/<RelOutput\b[^>]*\bmode=["']PHYSICAL["']/);
    expect(source).toMatch(/<RelOutput\b[^>]*\bmode=["']RAW["']/);
  });

  test('the site has at least 15 diagrams, 5 of them with a dark variant, and all four alert types', () => {
    const source = pages.map((p) => sourceOf(p.file)).join('\n');
    const images = [...source.matchAll(/<DocImage\b[\s\S]*?\/>/g)].map((m) => m[0]);
    expect(new Set(images.map((tag) => /\bsrc=["']([^"']+)/.exec(tag)?.[1])).size).toBeGreaterThanOrEqual(15);
    expect(images.filter((tag) => /\bsrcDark=/.test(tag)).length).toBeGreaterThanOrEqual(5);
    const types = new Set(pages.flatMap((p) => p.alertTypes));
    expect([...types].sort()).toEqual(expect.arrayContaining(['default', 'error', 'info', 'warning']));
  });

  test('the glossary defines at least 40 terms and the abbreviations page expands at least 20', () => {
    const entries = (file: string) => {
      const { body } = splitFrontMatter(sourceOf(file));
      const counts = [
        body.match(/^###\s+\S/gm)?.length ?? 0,
        (body.match(/^\|.+\|\s*$/gm)?.length ?? 0) - 2 * (body.match(/^\|[\s:|-]+\|\s*$/gm)?.length ?? 0),
        body.match(/^\s*[-*]\s+\*\*[^*]+\*\*/gm)?.length ?? 0,
        body.match(/^\*\*[^*]+\*\*/gm)?.length ?? 0,
      ];
      return Math.max(...counts);
    };
    const fileOf = (route: string) => pages.find((p) => p.route === route)?.file;
    expect(entries(fileOf('/help/glossary') ?? 'missing')).toBeGreaterThanOrEqual(40);
    expect(entries(fileOf('/help/abbreviations') ?? 'missing')).toBeGreaterThanOrEqual(20);
  });
});

describe('the translations', () => {
  /** `page.fr-FR.mdx` → `page.mdx`: the translations of `locale`, each with its original. */
  const translations = (locale: string) =>
    readdirSync(contentDir, { recursive: true, encoding: 'utf8' })
      .map((file) => file.split('\\').join('/'))
      .filter((file) => file.endsWith(`.${locale}.mdx`) || file.endsWith(`.${locale}.md`))
      .map((file) => ({ file, original: file.replace(`.${locale}.`, '.') }));
  const codeBlocks = (source: string) => [...source.matchAll(/^```[\s\S]*?^```/gm)].map((m) => m[0]);
  const outputs = (source: string) => [...source.matchAll(/<RelOutput\b[^>]*\/>/g)].map((m) => m[0]);

  test('French has at least 10 pages (the home, /rel and the primer) and Arabic at least 3', () => {
    const routes = (locale: string) => translations(locale).map(({ original }) => pages.find((p) => p.file === original)?.route);
    expect(routes('fr-FR').length).toBeGreaterThanOrEqual(10);
    expect(routes('fr-FR')).toEqual(expect.arrayContaining(['/', '/rel', '/rel/primer', '/rel/primer/basic-syntax', '/rel/primer/aggregations-groupby-joins']));
    expect(routes('ar').length).toBeGreaterThanOrEqual(3);
    expect(routes('ar')).toEqual(expect.arrayContaining(['/', '/rel', '/rel/primer']));
  });

  test("each translation keeps its original's code blocks and outputs unchanged, and its dates", () => {
    for (const { file, original } of [...translations('fr-FR'), ...translations('ar')]) {
      const [source, english] = [sourceOf(file), sourceOf(original)];
      expect(codeBlocks(source), file).toEqual(codeBlocks(english));
      expect(outputs(source), file).toEqual(outputs(english));
      const dates = (text: string) => text.match(/^(date|lastmod):.*$/gm);
      expect(dates(source), file).toEqual(dates(english));
    }
  });
});
