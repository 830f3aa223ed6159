import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Integration, content and e2e files that may run two at a time. Each writes only into folders of
 * its own: a temporary site, the Rel site built once for the run (tests/rel-site-once.ts, read
 * only), a copy of a fixture (`useFixtureCopy`, tests/helpers.ts), or a fixture it only builds.
 * Two files may build one fixture at once: its `.docs-gen-cache` entries are written atomically
 * and come out the same from the same input, and each output reuse manifest belongs to one output
 * folder. A file that runs dev on a site (dev keeps its output in the site's cache folder), edits
 * it, or removes or counts its cache works on a copy. What a file looks at besides is its own: the
 * processes of a group it started, the modules of its own dev server. Every other file of those
 * folders runs after these, one at a time: any new file until it is shown to be safe here.
 */
const SIDE_BY_SIDE = [
  'tests/content/search-relevance.test.ts',
  'tests/content/site-content.test.ts',
  'tests/e2e/accessibility.e2e.ts',
  'tests/e2e/browser-limits.e2e.ts',
  'tests/e2e/code-math-and-diagrams.e2e.ts',
  'tests/e2e/content-security-policy.e2e.ts',
  'tests/e2e/dev-live-reload.e2e.ts',
  'tests/e2e/images-responsive.e2e.ts',
  'tests/e2e/islands.e2e.ts',
  'tests/e2e/languages.e2e.ts',
  'tests/e2e/markdown-only-mdx.e2e.ts',
  'tests/e2e/nextra-components.e2e.ts',
  'tests/e2e/reading-the-docs.e2e.ts',
  'tests/e2e/rel-output-viewer.e2e.ts',
  'tests/e2e/search-modal.e2e.ts',
  'tests/e2e/search.e2e.ts',
  'tests/e2e/sidebar.e2e.ts',
  'tests/integration/bad-input.test.ts',
  'tests/integration/build-cache.test.ts',
  'tests/integration/build.test.ts',
  'tests/integration/check-agrees-with-the-built-site.test.ts',
  'tests/integration/check-external-links.test.ts',
  'tests/integration/check.test.ts',
  'tests/integration/client-assets.test.ts',
  'tests/integration/dev-assets-leave-sidebar-trees.test.ts',
  'tests/integration/dev-change-kinds.test.ts',
  'tests/integration/dev-changes.test.ts',
  'tests/integration/dev-compiled-in-the-background.test.ts',
  'tests/integration/dev-fuzz.test.ts',
  'tests/integration/dev-imported-component-changes.test.ts',
  'tests/integration/dev-memory.test.ts',
  'tests/integration/dev-outline-cache.test.ts',
  'tests/integration/dev-plugin-content-loaded-reruns.test.ts',
  'tests/integration/dev-plugin-watch-paths.test.ts',
  'tests/integration/dev-postbuild-files.test.ts',
  'tests/integration/dev-restarted-workers.test.ts',
  'tests/integration/dev-routes-and-snapshot-agree.test.ts',
  'tests/integration/dev-serving.test.ts',
  'tests/integration/dev-snapshot-patches.test.ts',
  'tests/integration/dev-watched-folder-removed.test.ts',
  'tests/integration/dev-watches-after-first-answer.test.ts',
  'tests/integration/diagnostics-catalogue.test.ts',
  'tests/integration/endless-loops.test.ts',
  'tests/integration/generated-home-page.test.ts',
  'tests/integration/images.test.ts',
  'tests/integration/input-once-accepted-silently.test.ts',
  'tests/integration/keep-going.test.ts',
  'tests/integration/lazy-imports.test.ts',
  'tests/integration/leftovers-of-killed-builds.test.ts',
  'tests/integration/links.test.ts',
  'tests/integration/markdown-only-mdx.test.ts',
  'tests/integration/llms-output-is-the-compiled-text.test.ts',
  'tests/integration/locales.test.ts',
  'tests/integration/nextra-3-site.test.ts',
  'tests/integration/nextra-dev.test.ts',
  'tests/integration/nextra-site.test.ts',
  'tests/integration/no-process-left-behind.test.ts',
  'tests/integration/pipeline-features.test.ts',
  'tests/integration/preview.test.ts',
  'tests/integration/public-api-plugin.test.ts',
  'tests/integration/rebuild-fuzz.test.ts',
  'tests/integration/redirect-patterns.test.ts',
  'tests/integration/rel-output.test.ts',
  'tests/integration/search-data.test.ts',
  'tests/integration/sidebar-size.test.ts',
  'tests/integration/symlinks.test.ts',
  'tests/integration/tool-dist.test.ts',
];
/** Unit files that replace a module with `vi.mock`: they run isolated (a test that adds one must add it here). */
const UNIT_WITH_MODULE_MOCKS = [
  'tests/unit/content-loader/compile-cache.test.ts',
  'tests/unit/content-loader/compile-cache-look-ups.test.ts',
  'tests/unit/content-loader/highlight-reuse.test.ts',
  'tests/unit/content-loader/llms-output-failed-write.test.ts',
  'tests/unit/content-loader/page-markdown-cache-in-dev.test.ts',
  'tests/unit/content-loader/source-index.test.ts',
  'tests/unit/image-size/image-endpoint-cache.test.ts',
  'tests/unit/pipeline/broadcast-serialized-once.test.ts',
  'tests/unit/output-in-place-undo.test.ts',
  'tests/unit/util/atomic-write-names.test.ts',
  'tests/unit/util/pack-read-ahead.test.ts',
  'tests/unit/util/pack-short-writes.test.ts',
  'tests/unit/util/self-contained-modules.test.ts',
  'tests/unit/dev/watch-site-returns.test.ts',
];
/**
 * Unit files on every core: vitest's own default leaves one core free (2 cores: one worker, and the
 * unit files ran one after another at two thirds of the machine).
 */
const UNIT_WORKERS = Math.max(2, availableParallelism());
const INTEGRATION = ['tests/integration/**/*.test.ts', 'tests/content/**/*.test.ts', 'tests/e2e/**/*.e2e.ts'];
/** A failed test of these prints what the browser's pages did from when it began (tests/e2e/page-timeline.ts). */
const PRINT_TIMELINE = 'tests/print-timeline-on-failure.ts';

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
    // A folder for the run, shared by its test files (the Rel site built once) and holding their temporary folders and sites.
    globalSetup: ['tests/global-setup.ts'],
    // The usual report, and the Rel site's build begun as the run starts (tests/rel-site-early.ts).
    reporters: ['default', './tests/rel-site-early.ts'],
    projects: [
      {
        extends: true,
        // Pure functions: independent files, run in parallel on every core, first. They share one
        // module graph per worker (no isolation): loading shiki, React and the pipeline once
        // instead of once per file is two thirds of this project's time.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: UNIT_WITH_MODULE_MOCKS, isolate: false, fileParallelism: true, maxWorkers: UNIT_WORKERS, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        // Files that replace modules (vi.mock) need a module graph of their own.
        test: { name: 'unit-isolated', include: UNIT_WITH_MODULE_MOCKS, fileParallelism: true, maxWorkers: UNIT_WORKERS, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        // Two at a time (see SIDE_BY_SIDE). Tests a file marks concurrent (accessibility's axe
        // checks) run three at a time within it. No isolation: a worker loads the pipeline, React
        // and Playwright once for all its files (each file's servers, browsers and builds are its own).
        test: { name: 'side-by-side', include: SIDE_BY_SIDE, setupFiles: [PRINT_TIMELINE], isolate: false, fileParallelism: true, maxWorkers: 2, maxConcurrency: 3, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        // One at a time, after the files above: a file not yet shown safe beside others. One
        // worker takes every file, loading the modules once (no isolation).
        test: { name: 'alone', include: INTEGRATION, setupFiles: [PRINT_TIMELINE], exclude: SIDE_BY_SIDE, isolate: false, fileParallelism: false, sequence: { groupOrder: 2 } },
      },
    ],
  },
});
