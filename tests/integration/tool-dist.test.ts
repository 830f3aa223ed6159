import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../helpers.ts';

// What `npm run build:tool` leaves in dist/ is what every run of the CLI loads, in every thread.
describe('the modules of dist/', () => {
  const modules = ['src/cli.js', 'src/build/build.js', 'src/pipeline/worker-entry.js', 'plugins/content-loader/compile-page.js'].map((path) => join(repoRoot, 'dist', path));

  test('carry no inline source map (it made each three to four times its size, read and scanned at every start)', () => {
    for (const module of modules) expect(readFileSync(module, 'utf8')).not.toContain('sourceMappingURL=data:');
  });

  test('name their source map, beside them, for --enable-source-maps', () => {
    for (const module of modules) {
      expect(readFileSync(module, 'utf8').trimEnd().endsWith(`//# sourceMappingURL=${module.split('/').pop()}.map`)).toBe(true);
      expect(existsSync(`${module}.map`)).toBe(true);
    }
  });
});
