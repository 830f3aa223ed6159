import { beforeEach } from 'vitest';
import { timelineSince } from './e2e/page-timeline.ts';

// Set up for the integration, content and e2e files (vitest.config.ts): a test that fails prints
// what the browser's pages did, and what it noted itself, from when it began (tests/e2e/page-timeline.ts).
beforeEach(({ task, onTestFailed }) => {
  const since = performance.now();
  onTestFailed(() => {
    const lines = timelineSince(since);
    // Tests that ran at once (a concurrent block) share the timeline: their pages are there too.
    if (lines.length) console.error(`"${task.name}" failed. The browser's pages, and what the tests noted, from when it began:\n${lines.join('\n')}`);
  });
});
