import { expect, test } from 'vitest';
import { useDevServer } from '../use-dev-server.ts';

/**
 * What the content hooks warn of (a `_meta` entry that names no page, a link in content/) is
 * printed by dev as `build` prints it, each once however often the site is loaded again. dev
 * used to drop every warning of the pipeline: only errors reached its terminal.
 */
const dev = useDevServer({ 'content/index.md': '# Home\n\nHello.\n', 'content/_meta.json': JSON.stringify({ index: 'Home', ghost: 'Ghost' }) }, { socket: true });

const warningsOf = (code: string) => dev.terminal.filter((text) => text.includes(`[${code}]`));

test("a _meta entry naming no page is printed once, at the start and not again after an edit; a new one is printed when it appears", async () => {
  expect(warningsOf('meta-unknown-entry')).toHaveLength(1);
  expect(warningsOf('meta-unknown-entry')[0]).toMatch(/^content\/_meta\.json:1:\d+ warning _meta entry `ghost` matches no page/);

  await dev.save('content/index.md', '# Home\n\nHello again.\n', 'reload');
  expect(warningsOf('meta-unknown-entry')).toHaveLength(1);

  await dev.save('content/_meta.json', JSON.stringify({ index: 'Home', ghost: 'Ghost', phantom: 'Phantom' }), 'reload');
  expect(warningsOf('meta-unknown-entry').map((text) => /entry `(\w+)`/.exec(text)?.[1])).toEqual(['ghost', 'phantom']);
});
