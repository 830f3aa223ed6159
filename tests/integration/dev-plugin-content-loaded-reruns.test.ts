import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { useDevServer } from '../use-dev-server.ts';

// When dev runs a plugin's `contentLoaded` again (ARCHITECTURE.md, dev): a plugin that reads only
// the pages' outline is replayed after a body edit and runs again when a title changes; any other
// plugin runs on every change. The config's plugins count their runs on globalThis (the config
// runs in this process).

interface Runs {
  outline: number;
  everything: number;
}
const runs = () => (globalThis as { __contentLoadedRuns?: Runs }).__contentLoadedRuns!;

(globalThis as { __contentLoadedRuns?: Runs }).__contentLoadedRuns = { outline: 0, everything: 0 };

const get = async (path: string) => {
  const response = await fetch(dev.url(path));
  return { status: response.status, html: await response.text() };
};

/**
 * Saves a page and resolves once dev serves it with `shown` (one save may bring two reloads, so
 * the served page is what tells the change is in); no time limit of its own: the test's is the net.
 */
async function save(path: string, text: string, route: string, shown: string): Promise<void> {
  writeFileSync(join(dev.root, path), text);
  while (!(await get(route)).html.includes(shown)) await new Promise((done) => setTimeout(done, 10));
  await dev.server.site.exclusive(async () => {});
}

const dev = useDevServer({
  'content/index.mdx': '# Home\n\nWelcome.\n',
  'content/guide.mdx': '# Guide\n\nThe first version.\n',
  'content/other.mdx': '# Other page\n\nOther text.\n',
  'note.txt': 'the first note\n',
  'docs-gen.config.ts': `import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'docs-gen';
const runs = () => (globalThis as { __contentLoadedRuns: { outline: number; everything: number } }).__contentLoadedRuns;
export default defineConfig({
  title: 'Replayed plugins',
  plugins: [
    {
      name: 'title-list',
      contentLoadedReads: 'outline',
      contentLoaded({ pages, actions }) {
        runs().outline++;
        const titles = pages.map((p) => p.title).sort();
        actions.addRoute({ route: '/titles', title: 'Titles', content: { type: 'html', html: '<ul class="titles">' + titles.map((t) => '<li>' + t + '</li>').join('') + '</ul>' } });
        actions.setGlobalData({ count: titles.length });
      },
    },
    {
      // Reads the outline and a file it watches, and has no content of its own to tell a change by.
      name: 'watched-note',
      contentLoadedReads: 'outline',
      watchPaths: ({ context }) => [join(context.root, 'note.txt')],
      contentLoaded({ actions, context }) {
        const note = readFileSync(join(context.root, 'note.txt'), 'utf8').trim();
        actions.addRoute({ route: '/note', title: 'Note', content: { type: 'html', html: '<p class="note">' + note + '</p>' } });
      },
    },
    {
      name: 'word-count',
      contentLoaded({ pages, actions }) {
        runs().everything++;
        const words = pages.reduce((sum, p) => sum + p.sections.reduce((n, s) => n + s.text.split(/\\s+/).length, 0), 0);
        actions.addRoute({ route: '/words', title: 'Words', content: { type: 'html', html: '<p class="words">' + words + ' words</p>' } });
      },
    },
  ],
});
`,
});

beforeAll(async () => {
  await get('/guide');
  await dev.server.idle();
});

test("a body edit does not run an outline plugin's contentLoaded again, and what its last run did stays: its route, its global data", async () => {
  const before = { ...runs() };
  await save('content/guide.mdx', '# Guide\n\nThe second version, with more words in it.\n', '/guide', 'The second version');
  expect(runs().outline).toBe(before.outline);
  expect((await get('/titles')).html).toContain('<li>Guide</li>');
  expect(dev.server.site.site?.globalData['title-list']).toEqual({ count: 3 });
});

test('an outline plugin runs again when a file it watches changes, not replayed from its last run', async () => {
  expect((await get('/note')).html).toContain('the first note');
  // dev replayed its last run (nothing it reads from the pages changed), and the old note stayed for good.
  await save('note.txt', 'the second note\n', '/note', 'the second note');
  expect((await get('/note')).html).not.toContain('the first note');
});

test("a plugin that does not say what it reads runs again on a body edit, and sees the new body", async () => {
  const before = runs().everything;
  const words = async () => Number(/class="words">(\d+) words/.exec((await get('/words')).html)?.[1]);
  const was = await words();
  await save('content/guide.mdx', '# Guide\n\nThe third version, with even more words in it than the second one had.\n', '/guide', 'The third version');
  expect(runs().everything).toBeGreaterThan(before);
  expect(await words()).toBeGreaterThan(was);
});

test("a title change runs the outline plugin again: its route lists the new title", async () => {
  const before = runs().outline;
  await save('content/other.mdx', '# Renamed page\n\nOther text.\n', '/other', 'Renamed page');
  expect(runs().outline).toBeGreaterThan(before);
  const titles = (await get('/titles')).html;
  expect(titles).toContain('<li>Renamed page</li>');
  expect(titles).not.toContain('<li>Other page</li>');
});

test("a title change still reaches the sidebar tree every page loads; a body edit keeps the same tree file", async () => {
  // Read once the background has nothing left to do: the rename of the test before may still
  // be on its way into the navigation (a refresh after the background compile), and under load
  // it arrived between the two reads below.
  const treeUrl = async () => {
    await dev.server.idle();
    return /["'](\/_docs-gen\/sidebar-[^"']+\.json)["']/.exec((await get('/guide')).html)?.[1];
  };
  const first = await treeUrl();
  expect(first).toBeDefined();
  await save('content/guide.mdx', '# Guide\n\nA fourth version.\n', '/guide', 'A fourth version');
  expect(await treeUrl()).toBe(first);
  await save('content/index.mdx', '# Start here\n\nWelcome.\n', '/', 'Start here');
  const renamed = await treeUrl();
  expect(renamed).not.toBe(first);
  expect(await (await fetch(dev.url(renamed!))).text()).toContain('Start here');
});
