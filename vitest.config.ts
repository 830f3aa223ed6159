import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Plugins import the public API by name; in tests that is the TypeScript source.
    alias: { 'docs-gen': fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Builds use every core through worker threads; running files one at a time keeps them fast.
    fileParallelism: false,
  },
});
