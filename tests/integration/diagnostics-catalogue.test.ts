import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { DIAGNOSTIC_CODES, type DiagnosticCode } from '../../src/diagnostics/codes.ts';
import { isDiagnosticError, type Diagnostic } from '../../src/diagnostics/diagnostic.ts';
import { fileSystemDiagnostic, isFileSystemError } from '../../src/diagnostics/file-system-error.ts';
import { asDiagnostics } from '../../src/dev/dev-site.ts';
import { listen } from '../../src/dev/listen.ts';
import { startPreviewServer } from '../../src/preview/preview-server.ts';
import { fixture, repoRoot, tmp } from '../helpers.ts';

const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** What a build of the fixture reports: its error's diagnostics, or its warnings when it succeeds. */
async function buildDiagnostics(name: string): Promise<Diagnostic[]> {
  const dir = tmp();
  temporary.push(dir);
  try {
    return (await build({ root: fixture(name), outDir: join(dir, 'out') })).warnings;
  } catch (error) {
    if (!isDiagnosticError(error)) throw error;
    return error.diagnostics;
  }
}

async function rejection(promise: Promise<unknown>): Promise<Diagnostic[]> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!isDiagnosticError(error)) throw new Error(`expected a DiagnosticError, got ${String(error)}`);
  return error.diagnostics;
}

/** The template as a pattern: each `{part}` stands for any text. */
const templatePattern = (template: string) => new RegExp(`^${template.split(/\{[^}]+\}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`, 's');

/** The codes no other test produced before the catalogue: each has its scenario here. */
const PRODUCED_HERE: Partial<Record<DiagnosticCode, () => Promise<Diagnostic[]>>> = {
  'duplicate-route': () => buildDiagnostics('diagnostics-two-files-for-one-route-stop-the-build'),
  'image-unreadable': () => buildDiagnostics('diagnostics-an-image-that-is-not-an-image-stops-the-build'),
  'island-missing': () => buildDiagnostics('diagnostics-an-island-file-that-does-not-exist-stops-the-build'),
  'mdx-import': () => buildDiagnostics('diagnostics-an-mdx-import-that-does-not-resolve-stops-the-build'),
  'plugin-duplicate': () => buildDiagnostics('diagnostics-two-plugins-with-one-name-are-rejected'),
  'rel-output-orphan': () => buildDiagnostics('diagnostics-an-output-folder-beside-no-page-is-a-warning'),
  'listen-failed': () => rejection(listen(createServer(), 70000, '127.0.0.1')),
  'preview-no-output': () => rejection(startPreviewServer({ root: fixture('a-tiny-site-that-builds'), outDir: tmp(), port: 0, host: '127.0.0.1' })),
  internal: async () => asDiagnostics(new Error('a bug of ours')),
  // Listing a file as a folder: Node's own error (ENOTDIR from `scandir`), as a build would meet it.
  'read-failed': async () => {
    const error = await readdir(join(repoRoot, 'tests', 'helpers.ts')).then(() => undefined, (e: unknown) => e);
    if (!isFileSystemError(error)) throw new Error(`expected a file-system error, got ${String(error)}`);
    return [fileSystemDiagnostic(error, repoRoot)];
  },
};

describe('the diagnostics catalogue', () => {
  test.each(Object.entries(PRODUCED_HERE))('%s is produced, with the severity and message template the catalogue gives', async (code, produce) => {
    const diagnostics = (await produce!()).filter((d) => d.code === code);
    const entry = DIAGNOSTIC_CODES[code as DiagnosticCode];
    expect(diagnostics.length).toBeGreaterThan(0);
    for (const d of diagnostics) {
      expect(d.severity).toBe(entry.severity);
      expect(d.message).toMatch(templatePattern(entry.template));
    }
  });

  test('every other code is produced by a test elsewhere in the suite', () => {
    // The folders of test files only: fixtures' caches and temporary sites change while other
    // files build them beside this one (a folder listed, then gone, failed a walk of all of tests/).
    const testFiles = ['unit', 'integration', 'content', 'e2e']
      .flatMap((folder) => readdirSync(join(repoRoot, 'tests', folder), { recursive: true, encoding: 'utf8' }).map((p) => join(repoRoot, 'tests', folder, p)))
      .filter((p) => /\.test\.ts$/.test(p) && !p.endsWith('diagnostics-catalogue.test.ts'))
      .map((p) => readFileSync(p, 'utf8'))
      .join('\n');
    const untested = Object.keys(DIAGNOSTIC_CODES).filter((code) => !(code in PRODUCED_HERE) && !new RegExp(`['"\`\\[]${code}['"\`\\]]`).test(testFiles));
    expect(untested).toEqual([]);
  });
});
