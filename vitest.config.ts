import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Plugins import the public API by name; in tests that is the TypeScript source.
    alias: { 'docs-gen': fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
  },
  test: {
    // The only wall-clock bounds in the suite: a net for a test that hangs, never a speed to meet.
    testTimeout: 60_000,
    // The Rel site's builds in beforeAll hooks write every page in three locales (untranslated
    // pages fall back to English under /fr-FR and /ar): on a loaded 2-core machine that passed 120 s.
    hookTimeout: 600_000,
    // expect.poll waits as long as its test may (its own default, 1 s, is a speed to meet).
    expect: { poll: { timeout: 60_000 } },
    projects: [
      {
        extends: true,
        // Pure functions: independent files, run in parallel, before the rest.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], fileParallelism: true, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        // Builds use every core through worker threads; running these files one at a time keeps them fast.
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts', 'tests/content/**/*.test.ts', 'tests/e2e/**/*.e2e.ts'], fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
