import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { WorkerTask } from '../../src/pipeline/worker-pool.ts';
import { useDevServer } from '../use-dev-server.ts';

// dev's render workers get the whole site snapshot (navigation of every page) once; when only
// parts a patch may hold change after that (the image table, the route lists), they get those
// parts alone, and render with them: a page compiled later that brings a new image does not send
// 10 000 pages' navigation to every worker again, nor any other plugin's theme data.

const dev = useDevServer(
  {
    'content/index.md': '# Home\n\nWelcome.\n',
    'content/pictured.md': '# Pictured\n\n![A logo](/logo.svg)\n',
    'public/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="17" height="13"></svg>',
    'docs-gen.config.ts': "export default { title: 'One' };\n",
  },
  { backgroundDelayMs: 2 ** 31 - 1 },
);

test('a page compiled after the start brings a new image: the workers get the image table alone, and the page renders with its size', async () => {
  const sent: { exportName: string; parts: string[]; themeData: string[] }[] = [];
  const pool = dev.server.site.pool;
  const broadcast = pool.broadcast.bind(pool);
  pool.broadcast = <Input>(task: WorkerTask<Input>) => {
    const input = task.input as { themeData?: object };
    sent.push({ exportName: task.exportName, parts: Object.keys(input), themeData: Object.keys(input.themeData ?? {}) });
    return broadcast(task);
  };
  // Before its compile, the page's stub names no image: the table is empty.
  expect(dev.server.site.site?.themeData.images).toEqual({});
  const html = await (await fetch(dev.url('/pictured'))).text();
  await dev.server.site.exclusive(async () => {});
  expect(html).toMatch(/<img[^>]*width="17"/);
  expect(sent.filter((task) => task.exportName === 'setSite')).toEqual([]);
  const patch = sent.find((task) => task.exportName === 'patchSite');
  expect(patch?.parts).toEqual(['themeData']);
  // Of the theme data, the image table alone: the other plugins' entries (every page's summary
  // for nextra's helpers, megabytes at 10 000 pages) are the same, and the workers keep theirs.
  expect(patch?.themeData).toEqual(['images']);
});

test('after a config change the workers get the new site whole, and a replacement worker is replayed nothing of the old one', async () => {
  await (await fetch(dev.url('/pictured'))).text(); // compiled: the image table may have been patched in
  await dev.server.site.exclusive(async () => {});
  writeFileSync(join(dev.root, 'docs-gen.config.ts'), "export default { title: 'Two' };\n");
  await dev.server.site.exclusive(() => dev.server.site.initialize());
  // What a new worker (one replacing a crashed one) gets: the pool's replayed broadcasts.
  const replayed = [...(dev.server.site.pool as unknown as { broadcasts: Map<string, WorkerTask> }).broadcasts.values()];
  expect((replayed.find((task) => task.exportName === 'setSite')?.input as { config?: { title?: string } } | undefined)?.config?.title).toBe('Two');
  expect(replayed.find((task) => task.exportName === 'patchSite')?.input ?? {}).toEqual({});
});

test("the workers were asked to load the compilers of the site's page formats ahead of any page: Markdown only here", () => {
  const broadcasts = [...(dev.server.site.pool as unknown as { broadcasts: Map<string, WorkerTask> }).broadcasts.values()];
  expect(broadcasts.find((task) => task.exportName === 'warmUpCompiler')?.input).toEqual(['md']);
});
