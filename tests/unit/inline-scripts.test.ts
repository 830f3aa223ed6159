import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { bundleWithEsbuild, INLINE_SCRIPTS, prebuiltInlineScript } from '../../src/build/inline-scripts.ts';
import { repoRoot, tmp } from '../helpers.ts';

// A build reads the inline scripts `npm run build:tool` bundled (dist/client/inline-scripts.json)
// instead of starting esbuild for them, as long as the sources they were made from are unchanged.
describe('the prebuilt inline scripts', () => {
  const manifestFile = join(repoRoot, 'dist', 'client', 'inline-scripts.json');

  test.each(INLINE_SCRIPTS)('%s is, byte for byte, what esbuild makes of the sources now', (file) => {
    expect(prebuiltInlineScript(file, manifestFile)).toBe(bundleWithEsbuild(file).text);
  });

  test('are not used once a source they were made from differs (or esbuild does)', () => {
    const copy = join(tmp(), 'inline-scripts.json');
    cpSync(manifestFile, copy);
    const manifest = JSON.parse(readFileSync(copy, 'utf8')) as { esbuild: string; scripts: Record<string, { inputs: Record<string, string> }> };
    const inputs = manifest.scripts['head-script.ts']!.inputs;
    inputs[Object.keys(inputs).find((input) => input.endsWith('theme-rule.ts'))!] = '0'.repeat(64);
    writeFileSync(copy, JSON.stringify(manifest));
    expect(prebuiltInlineScript('head-script.ts', copy)).toBeUndefined();
    expect(prebuiltInlineScript('dev-client.ts', copy)).toBe(bundleWithEsbuild('dev-client.ts').text);

    const otherEsbuild = join(tmp(), 'inline-scripts.json');
    writeFileSync(otherEsbuild, JSON.stringify({ ...JSON.parse(readFileSync(manifestFile, 'utf8')), esbuild: '0.0.0' }));
    expect(prebuiltInlineScript('dev-client.ts', otherEsbuild)).toBeUndefined();
  });
});
