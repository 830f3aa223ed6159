import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { checkSite } from '../../src/check/check.ts';
import type { CheckReport } from '../../src/check/report.ts';
import { formatDiagnostic } from '../../src/diagnostics/format.ts';
import { fixture, repoRoot, tempSite } from '../helpers.ts';

const PLANTED_SITE = fixture('check-every-planted-problem-is-found-once');

/** Every problem planted in the fixture: file, code, the reference as written. */
const PLANTED = [
  ['content/_meta.json', 'broken-meta-link', '/reference/valus'],
  ['content/guide/files.mdx', 'missing-image', '/images/missing-doc-image.svg'],
  ['content/guide/files.mdx', 'missing-image', '/images/missing.svg'],
  ['content/guide/files.mdx', 'rel-output-missing', 'missing-output'],
  ['content/guide/intro.mdx', 'broken-anchor', '#getting-startd'],
  ['content/guide/intro.mdx', 'broken-anchor', '/reference/values#boolean'],
  ['content/guide/intro.mdx', 'broken-link', '../referense/values'],
  ['content/guide/intro.mdx', 'broken-link', '/guide/absent'],
  ['content/guide/intro.mdx', 'broken-link', '/reference/valuez'],
  ['content/guide/notes.md', 'broken-anchor', '/reference/values#integer'],
  ['content/hidden-page.mdx', 'unreachable-page', null],
];

/** Runs the built CLI (as CI would) and returns its exit code and output. */
function runCheck(root: string, args: string[] = [], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [join(repoRoot, 'bin', 'docs-gen.js'), 'check', '--root', root, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GITHUB_ACTIONS: '', NO_COLOR: '1', ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('docs-gen check on a site with one problem of every kind planted', () => {
  let report: CheckReport;
  beforeAll(async () => {
    report = await checkSite({ root: PLANTED_SITE });
  });

  test('finds every planted problem exactly once, and nothing else', () => {
    const found = report.findings.map((d) => [d.file, d.code, d.target ?? null]);
    expect(found.sort()).toEqual([...PLANTED].sort());
  });

  test('reports no valid link of any form (relative, .md/.mdx, trailing slash, anchors, public files, hidden but linked pages)', () => {
    const intro = report.findings.filter((d) => d.file === 'content/guide/intro.mdx');
    // The valid links come first in the page, before the "What's new in v2?" heading (line 37).
    expect(intro.every((d) => d.line! > 37)).toBe(true);
    expect(report.findings.filter((d) => d.file === 'content/index.mdx' || d.file === 'content/linked-hidden.mdx')).toEqual([]);
  });

  test('names the file, line, column, the link as written and what is wrong, with a did-you-mean', () => {
    const anchor = report.findings.find((d) => d.target === '/reference/values#integer')!;
    expect(formatDiagnostic(anchor)).toBe(
      'content/guide/notes.md:5:47 error broken anchor /reference/values#integer — no heading with id "integer" on /reference/values [broken-anchor]\n' +
        '  hint: did you mean #integers?',
    );
    expect(report.findings.find((d) => d.target === '../referense/values')?.hint).toBe('did you mean /reference/values?');
    expect(report.findings.find((d) => d.code === 'broken-meta-link')).toMatchObject({ line: 9, column: 45, hint: 'did you mean /reference/values?' });
  });

  test('counts errors and warnings apart: an unreachable page is a warning', () => {
    expect(report).toMatchObject({ complete: true, errors: 10, warnings: 1 });
  });
});

describe('docs-gen check on a page that does not compile', () => {
  test('reports the syntax error and still checks every other page, without calling its anchors missing', async () => {
    const site = tempSite({
      'content/index.mdx': '# Home\n\n[broken page](/broken#anything) and [absent](/absent).\n',
      'content/broken.mdx': '# Broken\n\nA brace { that never closes.\n',
    });
    try {
      const report = await checkSite({ root: site.root });
      expect(report.findings.map((d) => [d.file, d.code, d.target ?? null])).toEqual([
        ['content/broken.mdx', 'mdx-syntax', null],
        ['content/index.mdx', 'broken-link', '/absent'],
      ]);
    } finally {
      site.cleanup();
    }
  });
});

describe('docs-gen check on special pages', () => {
  test('a 404 page hidden from navigation is not unreachable (the server shows it), and what it links to is reached', async () => {
    const site = tempSite({
      'content/index.mdx': '# Home\n',
      'content/404.mdx': '# Lost\n\nTry [the help](/help).\n',
      'content/help.mdx': '# Help\n',
      'content/_meta.json': JSON.stringify({ index: 'Home', '404': { display: 'hidden' }, help: { display: 'hidden' } }),
    });
    try {
      const report = await checkSite({ root: site.root });
      expect(report.findings).toEqual([]);
    } finally {
      site.cleanup();
    }
  });
});

describe('docs-gen check exit codes and formats', () => {
  test('exits 0 on a clean site', () => {
    const { code, stdout } = runCheck(fixture('check-a-clean-site-passes'));
    expect(stdout).toContain('no problems found');
    expect(code).toBe(0);
  });

  test('exits 1 with findings, and --format json prints them for tools', () => {
    const { code, stdout } = runCheck(PLANTED_SITE, ['--format', 'json']);
    expect(code).toBe(1);
    const json = JSON.parse(stdout) as CheckReport;
    expect(json).toMatchObject({ complete: true, errors: 10, warnings: 1, pages: 8 });
    expect(json.findings.find((f) => f.code === 'broken-link' && f.target === '/guide/absent')).toEqual({
      severity: 'error',
      code: 'broken-link',
      message: 'broken link /guide/absent — no page at /guide/absent',
      file: 'content/guide/intro.mdx',
      line: 39,
      column: 1,
      target: '/guide/absent',
      hint: null,
    });
  });

  test('prints GitHub annotations when GITHUB_ACTIONS is set', () => {
    const { code, stdout } = runCheck(PLANTED_SITE, [], { GITHUB_ACTIONS: 'true' });
    expect(code).toBe(1);
    expect(stdout).toContain('::error file=content/guide/intro.mdx,line=39,col=1,title=docs-gen broken-link::broken link /guide/absent — no page at /guide/absent\n');
    expect(stdout).toContain('::warning file=content/hidden-page.mdx,line=1,col=1,title=docs-gen unreachable-page::page /hidden-page is unreachable');
  });

  test('exits 2 when it cannot run: a bad config', () => {
    const { code, stderr } = runCheck(fixture('check-a-bad-config-cannot-run'));
    expect(stderr).toContain('docs-gen.config.ts:1:32 error Invalid config value at `basePath`');
    expect(code).toBe(2);
  });

  test('exits 2 when it cannot run: no content folder', () => {
    const { code, stdout } = runCheck(join(repoRoot, 'tests', 'fixtures', 'page-maps'), ['--format', 'json']);
    expect(code).toBe(2);
    expect(JSON.parse(stdout)).toMatchObject({ complete: false, findings: [{ code: 'content-missing' }] });
  });
});
