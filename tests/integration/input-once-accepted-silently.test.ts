import { afterEach, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts';
import { tempSite, tmp } from '../helpers.ts';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

/** Builds a site made of `files`; the diagnostics it fails with, or its warnings when it builds. */
async function diagnosticsOf(files: Record<string, string>): Promise<{ failed: boolean; diagnostics: Diagnostic[] }> {
  const site = tempSite({ 'content/index.md': '# Home\n', ...files });
  cleanup = site.cleanup;
  try {
    const result = await build({ root: site.root, outDir: `${tmp()}/out` });
    return { failed: false, diagnostics: result.warnings };
  } catch (error) {
    const diagnostics = (error as { diagnostics?: Diagnostic[] }).diagnostics;
    if (!diagnostics) throw error;
    return { failed: true, diagnostics };
  }
}

const place = (d: Diagnostic) => ({ severity: d.severity, code: d.code, file: d.file, line: d.line, column: d.column });

describe('input that used to be accepted silently is reported with its place', () => {
  test('pages whose routes differ only in letter case collide', async () => {
    const { failed, diagnostics } = await diagnosticsOf({ 'content/Guide.md': '# Upper\n', 'content/guide.md': '# Lower\n' });
    expect(failed).toBe(true);
    expect(diagnostics.map(place)).toEqual([{ severity: 'error', code: 'route-collision', file: 'content/guide.md', line: 1, column: 1 }]);
  });

  test('pages whose names are one name in NFC and NFD collide', async () => {
    const { failed, diagnostics } = await diagnosticsOf({ 'content/caf\u00e9.md': '# NFC\n', 'content/cafe\u0301.md': '# NFD\n' });
    expect(failed).toBe(true);
    expect(diagnostics.map((d) => d.code)).toEqual(['route-collision']);
    expect(diagnostics[0]!.message).toContain('letter case or Unicode normalisation');
  });

  test('a JSX <img> to a missing file is a missing-image error at the tag', async () => {
    const { failed, diagnostics } = await diagnosticsOf({ 'content/page.mdx': '# Page\n\nText.\n\n<img src="/images/absent.png" alt="Absent" />\n' });
    expect(failed).toBe(true);
    expect(diagnostics.map(place)).toEqual([{ severity: 'error', code: 'missing-image', file: 'content/page.mdx', line: 5, column: 1 }]);
  });

  test('a <DocImage /> without src is a component-props error at the tag', async () => {
    const { failed, diagnostics } = await diagnosticsOf({ 'content/page.mdx': '# Page\n\n<DocImage alt="Nothing" />\n' });
    expect(failed).toBe(true);
    expect(diagnostics.map(place)).toEqual([{ severity: 'error', code: 'component-props', file: 'content/page.mdx', line: 3, column: 1 }]);
    expect(diagnostics[0]!.message).toBe('DocImage needs a `src`: the path of the image in public/.');
  });

  test('a broken _meta.js beside _meta.json and a _meta for an unlisted locale are warnings at each file', async () => {
    const { failed, diagnostics } = await diagnosticsOf({
      'content/_meta.json': '{ "index": "Home" }\n',
      'content/_meta.js': 'export default {\n',
      'content/_meta.fr-FR.json': '{}\n',
    });
    expect(failed).toBe(false);
    expect(diagnostics.map(place)).toEqual([
      { severity: 'warning', code: 'meta-ignored', file: 'content/_meta.fr-FR.json', line: 1, column: 1 },
      { severity: 'warning', code: 'meta-ignored', file: 'content/_meta.js', line: 1, column: 1 },
    ]);
  });
});
