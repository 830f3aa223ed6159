import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { formatDiagnostic } from '../../src/diagnostics/format.ts';
import { buildFailure, fixture, repoRoot, tmp } from '../helpers.ts';

describe('bad input stops the build and leaves the previous output untouched', () => {
  const dir = tmp();
  const out = join(dir, 'out');
  let goodIndex: string;

  beforeAll(async () => {
    await build({ root: fixture('a-tiny-site-that-builds'), outDir: out });
    goodIndex = readFileSync(join(out, 'index.html'), 'utf8');
    writeFileSync(join(out, 'marker.txt'), 'from before');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test.each([
    // micromark places an unclosed expression where the file runs out of it: the end of the line.
    ['a-brace-in-mdx-prose-is-a-syntax-error', { code: 'mdx-syntax', file: 'content/page.mdx', line: 7, column: 42 }],
    ['broken-front-matter-yaml-stops-the-build', { code: 'front-matter-yaml', file: 'content/page.mdx', line: 2, column: 1 }],
    ['invalid-json-in-meta-stops-the-build', { code: 'meta-syntax', file: 'content/_meta.json', line: 4, column: 1 }],
    ['a-meta-entry-that-is-a-number-stops-the-build', { code: 'meta-invalid', file: 'content/_meta.json', line: 3, column: 11 }],
    ['an-invalid-config-value-stops-the-build', { code: 'config-invalid', file: 'docs-gen.config.ts', line: 4, column: 3 }],
    ['a-page-using-an-undefined-component-stops-the-build', { code: 'render-failed', file: 'content/page.mdx', line: 5, column: 3 }],
    // Render errors are placed through the compiled page's positions: the reference itself…
    ['an-undefined-variable-in-mdx-stops-the-build-at-its-place', { code: 'render-failed', file: 'content/page.mdx', line: 5, column: 16 }],
    // …the thrown Error inside the expression…
    ['a-throwing-mdx-expression-stops-the-build-at-its-place', { code: 'render-failed', file: 'content/page.mdx', line: 5, column: 32 }],
    // …the object's first key, inside `{{ a: 1 }}`.
    ['an-object-as-a-child-in-mdx-stops-the-build-at-its-place', { code: 'render-failed', file: 'content/page.mdx', line: 5, column: 9 }],
    ['a-throwing-meta-ts-stops-the-build-at-its-line', { code: 'meta-syntax', file: 'content/_meta.ts', line: 4, column: 9 }],
    ['a-throwing-config-stops-the-build-at-its-line', { code: 'config-syntax', file: 'docs-gen.config.ts', line: 4, column: 26 }],
    // A config component is bundled for the renderer: what esbuild finds is the file's own error, not an internal one.
    ['a-syntax-error-in-a-component-import-stops-the-build', { code: 'module-bundle', file: 'components/name.ts', line: 2, column: 28 }],
    // A JavaScript one too: it was imported as it is, and its syntax error was an internal error (exit 2), without a place.
    ['a-syntax-error-in-a-javascript-component-stops-the-build', { code: 'module-bundle', file: 'components/Plain.mjs', line: 6, column: 1 }],
    // A remark plugin of the site's own, imported as it is by the workers: its syntax error was an internal error of the page that ran it, without a place.
    ['a-syntax-error-in-a-site-remark-plugin-stops-the-build', { code: 'module-bundle', file: 'plugins/reword.mjs', line: 8, column: 2 }],
    // In a component a page imports: at the component's line, not at the first quoted word of esbuild's message found in the page (the `>` of its heading).
    ['a-syntax-error-in-a-component-a-page-imports-is-reported-there', { code: 'mdx-import', file: 'components/Note.jsx', line: 3, column: 41 }],
    ['a-yaml-alias-bomb-in-front-matter-stops-the-build', { code: 'front-matter-yaml', file: 'content/page.mdx', line: 4, column: 8 }],
    ['a-yaml-function-tag-in-front-matter-stops-the-build', { code: 'front-matter-yaml', file: 'content/page.mdx', line: 3, column: 9 }],
  ])('%s', async (name, expected) => {
    const diagnostics = await buildFailure({ root: fixture(name), outDir: out });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', ...expected });
    expect(formatDiagnostic(diagnostics[0]!)).toMatchSnapshot();

    expect(readFileSync(join(out, 'marker.txt'), 'utf8')).toBe('from before');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe(goodIndex);
    expect(existsSync(join(out, 'page'))).toBe(false);
    expect(readdirSync(dir).filter((n) => n.includes('staging'))).toEqual([]);
  });

  test('an unclosed <div> in MDX is an mdx-syntax error naming the tag', async () => {
    const diagnostics = await buildFailure({ root: fixture('an-unclosed-div-in-mdx-is-a-syntax-error'), outDir: out });
    expect(diagnostics).toEqual([expect.objectContaining({ severity: 'error', code: 'mdx-syntax', file: 'content/page.mdx', message: expect.stringContaining('closing tag for `<div>`') })]);
    expect(readFileSync(join(out, 'marker.txt'), 'utf8')).toBe('from before');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe(goodIndex);
  });

  test('an unclosed <div> in MDX is reported at the opening tag', async () => {
    const diagnostics = await buildFailure({ root: fixture('an-unclosed-div-in-mdx-is-a-syntax-error'), outDir: out });
    expect(diagnostics[0]).toMatchObject({ code: 'mdx-syntax', line: 5, column: 1 });
  });
});

describe('the docs-gen CLI', () => {
  const cli = join(repoRoot, 'bin', 'docs-gen.js');
  const dir = tmp();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('a bad site exits with 1 and prints file:line:col without a stack trace', () => {
    const run = spawnSync(process.execPath, [cli, 'build', '--root', fixture('a-brace-in-mdx-prose-is-a-syntax-error'), '--out', join(dir, 'bad')], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('content/page.mdx:7:42 error MDX syntax error');
    // The code frame shows the offending line.
    expect(run.stderr).toContain('  7 | A set like {1, 2 is an expression in MDX.');
    expect(run.stderr).toContain('[mdx-syntax]');
    expect(run.stderr).toContain('1 error; nothing was written.');
    expect(run.stderr).not.toContain('    at ');
    expect(run.stdout).toBe('');
    expect(existsSync(join(dir, 'bad'))).toBe(false);
  });

  test('an output folder that cannot be written is reported with its path, exit 1, not an internal error', () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, '');
    const run = spawnSync(process.execPath, [cli, 'build', '--root', fixture('a-tiny-site-that-builds'), '--out', join(blocker, 'out')], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Cannot write ${blocker}`);
    expect(run.stderr).toContain('(ENOTDIR) [write-failed]');
    expect(run.stderr).not.toContain('internal error');
  });

  test('an internal error exits with 2, as ARCHITECTURE.md says, and names itself', () => {
    const run = spawnSync(process.execPath, [cli, 'build', '--root', fixture('a-plugin-that-is-not-a-plain-object-is-an-internal-error'), '--out', join(dir, 'internal')], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(run.stderr).toContain('docs-gen: internal error: a getter that throws');
    expect(run.status).toBe(2);
  });

  test('a good site builds from another working directory and prints the summary', () => {
    const outDir = join(dir, 'good');
    const run = spawnSync(process.execPath, [cli, 'build', '--root', fixture('a-tiny-site-that-builds'), '--out', outDir], {
      encoding: 'utf8',
      cwd: tmpdir(),
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^docs-gen: built 4 pages in \d+\.\d\d s → /);
    expect(run.stdout).toContain(outDir);
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toContain('<title>Home - documentation</title>');
  });
});
