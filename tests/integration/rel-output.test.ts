import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type BuildResult } from '../../src/build/build.ts';
import { formatDiagnostic } from '../../src/diagnostics/format.ts';
import { buildFailure, fixture, tmp } from '../helpers.ts';

const dir = tmp();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pages with Rel outputs', () => {
  const root = fixture('rel-output-pages-show-their-outputs');
  const out = join(dir, 'site');
  let result: BuildResult;
  const page = (path: string) => readFileSync(join(out, path, 'index.html'), 'utf8');

  beforeAll(async () => {
    result = await build({ root, outDir: out });
  });

  test('the outputs beside a page are copied under the rel-output path plus its route', () => {
    const source = (name: string) => readFileSync(join(root, 'content', 'guide', name), 'utf8');
    expect(readFileSync(join(out, 'rel-output', 'guide', 'page', 'example1.json'), 'utf8')).toBe(source('page.outputs/example1.json'));
    expect(readdirSync(join(out, 'rel-output', 'guide', 'page')).sort()).toEqual(['example1.json', 'flights.json', 'mixed.json']);
    // A folder's index page keeps its outputs in index.outputs/, served at the folder's route.
    expect(readFileSync(join(out, 'rel-output', 'guide', 'overview.json'), 'utf8')).toBe(source('index.outputs/overview.json'));
    expect(result.warnings).toEqual([]);
  });

  test('the HTML already holds each output, displayed: readable without JavaScript', () => {
    const html = page('guide/page');
    expect(html).toContain('<div class="rel-output rel-output-logical" data-rel-output="" data-src="example1" data-url="/rel-output/guide/page/example1.json" data-mode="LOGICAL" data-state="displayed">');
    expect(html).toContain('<thead><tr><th scope="col">String</th><th scope="col">Int64</th></tr></thead><tbody><tr><td class="rel-value rel-value-string">Lima</td><td class="rel-value rel-value-int">10092000</td></tr>');
    expect(page('guide')).toContain('<td class="rel-value rel-value-string">Nairobi</td>');
  });

  test('PHYSICAL and RAW show collapsible relations; only /:output relations are shown', () => {
    const html = page('guide/page');
    const physical = html.slice(html.indexOf('data-mode="PHYSICAL"'), html.indexOf('data-mode="RAW"'));
    expect(physical.match(/<details class="rel-output-relation" open><summary><code>([^<]+)<\/code>/g)?.map((s) => s.replace(/.*<code>/, '').replace('</code>', ''))).toEqual([
      '/Int64',
      '/Float64',
      '/String',
      '/:four',
      '/Bool',
      '/Date',
    ]);
    expect(html).not.toContain(':catalog');
    expect(html).toMatch(/<pre class="rel-output-raw" [^>]*><code>\(:delay, &quot;LX12&quot;, missing\)<\/code><\/pre>/);
  });

  test('an output the build cannot read (a URL) is left loading for the browser', () => {
    expect(page('guide/external')).toContain(
      '<div class="rel-output rel-output-logical" data-rel-output="" data-src="https://outputs.example/valid.json" data-url="https://outputs.example/valid.json" data-mode="LOGICAL" data-state="loading" aria-busy="true"><p class="rel-output-status" role="status">Loading…</p></div>',
    );
  });

  test("the Arrow decoder is not in the JavaScript a page loads up front", () => {
    const client = readdirSync(join(out, '_docs-gen')).find((f) => f.startsWith('client-'))!;
    const entry = readFileSync(join(out, '_docs-gen', client), 'utf8');
    const upFront = [entry, ...[...entry.matchAll(/^import\s*(?:[^'"]*from\s*)?["']\.\/([^"']+)["']/gm)].map((m) => readFileSync(join(out, '_docs-gen', m[1]!), 'utf8'))];
    for (const code of upFront) expect(code).not.toMatch(/RecordBatch|tableFromIPC|flatbuffers/i);
    const lazy = readdirSync(join(out, '_docs-gen')).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(out, '_docs-gen', f), 'utf8'));
    expect(lazy.some((code) => /RecordBatch/.test(code))).toBe(true);
  });
});

describe('a RelOutput whose file is missing', () => {
  test('stops the build with the page, line and column, and where to add the file', async () => {
    const diagnostics = await buildFailure({ root: fixture('rel-output-a-missing-output-file-stops-the-build'), outDir: join(dir, 'failed') });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'rel-output-missing',
        message: 'Rel output absent was not found: add content/page.outputs/absent.json',
        file: 'content/page.mdx',
        line: 7,
        column: 1,
        target: 'absent',
      }),
    ]);
  });
});

describe('an output file that is not a valid output list', () => {
  test('stops the build naming each file and the reason, all in one run', async () => {
    const diagnostics = await buildFailure({ root: fixture('rel-output-an-invalid-output-file-stops-the-build'), outDir: join(dir, 'failed') });
    expect(diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['rel-output-invalid', 'content/page.outputs/bad-metadata.json'],
      ['rel-output-invalid', 'content/page.outputs/broken-base64.json'],
      ['rel-output-invalid', 'content/page.outputs/not-json.json'],
    ]);
    expect(diagnostics.map((d) => formatDiagnostic(d)).join('\n')).toMatchSnapshot();
  });
});
