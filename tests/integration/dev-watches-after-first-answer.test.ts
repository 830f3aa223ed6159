import { readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { startDevServer } from '../../src/dev/dev-server.ts';
import { tempSite } from '../helpers.ts';
import { useDevServer } from '../use-dev-server.ts';

// `docs-gen dev` answers before it watches (chokidar's first scan of a large site takes seconds):
// the watcher starts with the first answer, and what changed on disk between the moment dev began
// reading the site and the moment the watcher was ready is taken in then, as if it had been seen.
// Both delays are endless here: only the first answer starts the watcher and the background.

const NEVER = 2 ** 31 - 1;

const dev = useDevServer(
  {
    'content/index.md': '# Home\n\nWelcome.\n',
    'content/guide/_meta.json': '{ "first": "First steps", "second": "Second steps" }\n',
    'content/guide/first.md': '# First\n\nThe first page.\n',
    'content/guide/second.md': '# Second\n\nThe second page.\n',
  },
  { watchDelayMs: NEVER, backgroundDelayMs: NEVER },
);

const sidebarTitles = () => JSON.stringify(dev.server.site.site?.navigation['en-US']?.pageMap);

test('what changed before the watcher was ready reaches the site once it is: a _meta title, a page added, a page removed', async () => {
  let watching = false;
  void dev.server.watching().then(() => (watching = true));
  // No page asked for yet: nothing watches, so these are seen only by comparing with what dev read.
  writeFileSync(join(dev.root, 'content/guide/_meta.json'), '{ "first": "Renamed steps", "second": "Second steps" }\n');
  writeFileSync(join(dev.root, 'content/guide/third.md'), '# Third\n\nA page added.\n');
  rmSync(join(dev.root, 'content/guide/second.md'));
  await new Promise((done) => setTimeout(done, 50));
  expect(watching).toBe(false);
  expect(sidebarTitles()).toContain('First steps');

  const first = await fetch(dev.url('/'));
  expect(first.status).toBe(200);
  await first.text();
  await dev.server.watching();
  await dev.server.site.exclusive(async () => {});
  expect(sidebarTitles()).toContain('Renamed steps');
  expect((await fetch(dev.url('/guide/third'))).status).toBe(200);
  expect((await fetch(dev.url('/guide/second'))).status).toBe(404);
});

describe("dev's workers", () => {
  const started = useDevServer({ 'content/index.md': '# Home\n\nWelcome.\n', 'content/guide.md': '# Guide\n\nRead on.\n' }, { watchDelayMs: NEVER, backgroundDelayMs: NEVER });

  test('are a core fewer than the machine has (at least one) until the first page is answered, then all of the pool, for the background compile', async () => {
    const { pool } = started.server.site;
    // A thread more than the cores, loading its compilers and React, competed with the start for the CPU.
    expect(pool.started).toBe(Math.min(pool.size, Math.max(1, availableParallelism() - 1)));
    const first = await fetch(started.url('/'));
    expect(first.status).toBe(200);
    await first.text();
    // Every page compiled: the background ran, and the rest of the pool was started with it.
    await started.server.idle();
    expect(started.server.site.pool.started).toBe(started.server.site.pool.size);
  });
});

describe('a config that did not load at the start', () => {
  const broken = useDevServer({ 'content/index.md': '# Home\n\nWelcome.\n', 'docs-gen.config.ts': 'export default {\n' }, { watchDelayMs: NEVER, backgroundDelayMs: NEVER });

  test('fixed before dev watched: the site loads once it watches', async () => {
    expect(broken.server.site.ready).toBe(false);
    writeFileSync(join(broken.root, 'docs-gen.config.ts'), "export default { title: 'Fixed' };\n");
    // The first answer (the error page) starts the watcher.
    await (await fetch(broken.url('/'))).text();
    await broken.server.watching();
    await broken.server.site.exclusive(async () => {});
    expect(broken.server.site.ready).toBe(true);
    expect((await fetch(broken.url('/'))).status).toBe(200);
  });
});

describe('a path a plugin asks to watch', () => {
  const CONFIG = `import { readFileSync } from 'node:fs';
import { join } from 'node:path';
export default {
  plugins: [
    {
      name: 'acme:notice',
      watchPaths: () => ['notice'],
      loadContent: ({ context }) => readFileSync(join(context.root, 'notice', 'text.txt'), 'utf8').trim(),
      contentLoaded: ({ content, actions }) => actions.addRoute({ route: '/notice', title: 'Notice', content: { type: 'html', html: '<p>' + content + '</p>' } }),
    },
  ],
};
`;
  const noticed = useDevServer({ 'docs-gen.config.ts': CONFIG, 'notice/text.txt': 'First notice', 'content/index.md': '# Home\n\nWelcome.\n' }, { watchDelayMs: NEVER, backgroundDelayMs: NEVER });

  test('changed before dev watched: the plugin loads it again once dev watches', async () => {
    writeFileSync(join(noticed.root, 'notice/text.txt'), 'Second notice');
    await (await fetch(noticed.url('/'))).text();
    await noticed.server.watching();
    await noticed.server.site.exclusive(async () => {});
    expect(await (await fetch(noticed.url('/notice'))).text()).toContain('<p>Second notice</p>');
  });
});

describe('a symbolic link cycle in public/ (a build warns and goes on)', () => {
  const dev = useDevServer(
    () => {
      const site = tempSite({ 'content/index.md': '# Home\n', 'public/logo.svg': '<svg/>' });
      const { root } = site;
      symlinkSync('loop-b', join(root, 'public/loop-a'));
      symlinkSync('loop-a', join(root, 'public/loop-b'));
      return site;
    },
    { backgroundDelayMs: NEVER },
  );

  test('does not stop dev: the home page is served, and dev watches', async () => {
    expect((await fetch(dev.url('/'))).status).toBe(200);
    await dev.server.watching();
  });
});

describe('an island of the config', () => {
  const counter = (label: string) => `export default function Counter() { return <button>${label}</button>; }\n`;
  const dev = useDevServer(
    {
      'docs-gen.config.ts': "export default { islands: { Counter: './components/Counter.tsx' } };\n",
      'components/Counter.tsx': counter('FirstLabel'),
      'content/index.mdx': '# Home\n\n<Counter />\n',
    },
    { watchDelayMs: NEVER, backgroundDelayMs: NEVER },
  );
  /** The client scripts dev serves, as text. */
  const clientScripts = () =>
    readdirSync(dev.server.site.outDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
      .join('\n');

  test('edited before dev watched: the client bundle is built again once dev watches', async () => {
    await dev.server.site.exclusive(async () => {});
    writeFileSync(join(dev.root, 'components/Counter.tsx'), counter('SecondLabel'));
    await (await fetch(dev.url('/'))).text();
    await dev.server.watching();
    await dev.server.site.exclusive(async () => {});
    expect(clientScripts().includes('SecondLabel')).toBe(true);
  });
});

describe('two saves in one mtime tick (a file system with whole-second or 2 s mtimes)', () => {
  // A tick not yet over when dev listed the site: an hour ahead, so no machine is slow enough to
  // leave it behind (as a clock-skewed network share would give too).
  const tick = Math.floor(Date.now() / 1000) + 3600;
  const dev = useDevServer(
    () => {
      const site = tempSite({ 'content/index.md': '# Home\n', 'content/guide/_meta.json': '{ "first": "AAAA" }\n', 'content/guide/first.md': '# First\n' });
      const { root } = site;
      utimesSync(join(root, 'content/guide/_meta.json'), tick, tick);
      return site;
    },
    { watchDelayMs: NEVER, backgroundDelayMs: NEVER },
  );

  test('a _meta saved again before dev watched, same size, same mtime: its new title reaches the site once dev watches', async () => {
    await dev.server.site.exclusive(async () => {});
    const meta = join(dev.root, 'content/guide/_meta.json');
    writeFileSync(meta, '{ "first": "BBBB" }\n');
    utimesSync(meta, tick, tick);
    await (await fetch(dev.url('/'))).text();
    await dev.server.watching();
    await dev.server.site.exclusive(async () => {});
    expect(JSON.stringify(dev.server.site.site?.navigation['en-US']?.pageMap)).toContain('BBBB');
  });
});

describe('a file the config imports, saved while the config loads', () => {
  // The config's own code stands in for an editor saving title.ts after esbuild read it: once.
  const dev = useDevServer(
    () => {
      const site = tempSite({ 'title.ts': "export const title = 'First';\n", 'content/index.md': '# Home\n' });
      const { root } = site;
      const saved = JSON.stringify(join(root, 'saved-once'));
      writeFileSync(
        join(root, 'docs-gen.config.ts'),
        `import { existsSync, writeFileSync } from 'node:fs';\nimport { title } from './title.ts';\nif (!existsSync(${saved})) {\n  writeFileSync(${saved}, '');\n  writeFileSync(${JSON.stringify(join(root, 'title.ts'))}, "export const title = 'Second, longer';\\n");\n}\nexport default { title };\n`,
      );
      return site;
    },
    { watchDelayMs: NEVER, backgroundDelayMs: NEVER },
  );

  test('is taken in once dev watches: the config is loaded again', async () => {
    await (await fetch(dev.url('/'))).text();
    expect((dev.server.site.pipeline.config as { title?: string }).title).toBe('First');
    await dev.server.watching();
    await dev.server.site.exclusive(async () => {});
    expect((dev.server.site.pipeline.config as { title?: string }).title).toBe('Second, longer');
  });
});

describe('a failure while dev starts to watch', () => {
  const site = tempSite({ 'content/index.md': '# Home\n' });
  afterAll(() => site.cleanup());

  test('is printed, and dev goes on answering (no unhandled rejection)', async () => {
    const errors: string[] = [];
    const dev = await startDevServer({ root: site.root, port: 0, host: '127.0.0.1', log: { info: () => {}, error: (text) => errors.push(text) }, watchDelayMs: NEVER, backgroundDelayMs: NEVER });
    try {
      await dev.site.exclusive(async () => {});
      dev.site.startupFiles = () => {
        throw new Error('the listing failed');
      };
      expect((await fetch(dev.url)).status).toBe(200);
      await dev.watching();
      expect(errors.join('\n')).toContain('the listing failed');
      expect((await fetch(dev.url)).status).toBe(200);
    } finally {
      await dev.close();
    }
  });
});
