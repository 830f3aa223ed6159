import * as fs from 'node:fs';
import { readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import contentLoader from '../../../plugins/content-loader/index.ts';
import { sourceDigest } from '../../../plugins/content-loader/compile-cache.ts';
import { cachedCompile, compilePage, type CompileInput } from '../../../plugins/content-loader/compile-page.ts';
import { compiledKeyOf } from '../../../src/build/compiled-keys.ts';
import { cacheFilePath } from '../../../src/util/cache-entry.ts';
import { SourceIndex } from '../../../plugins/content-loader/source-index.ts';
import { RACY_MARGIN_MS } from '../../../src/util/racy-margin.ts';
import type { ContentPage, OutputFiles, PluginContext, RouteDefinition } from '../../../src/pipeline/plugin.ts';
import { tempSite } from '../../helpers.ts';
import { cacheEntryBytes, replaceCacheEntry } from '../../cache-entries.ts';
import { refreshCacheFiles } from '../../../src/util/cache-entry.ts';
import { inThreadContext } from './in-thread-context.ts';

// Each look-up's input, kept.
vi.mock('../../../plugins/content-loader/compile-page.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../plugins/content-loader/compile-page.ts')>();
  return { ...original, cachedCompile: vi.fn(original.cachedCompile) };
});

// Every read of a file, counted: the index is there so that a rebuild reads no source it knows.
vi.mock('node:fs', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs')>();
  return { ...original, readFileSync: vi.fn(original.readFileSync) };
});

const site = tempSite({
  'content/index.md': '# Home\n\nWelcome.\n',
  'content/guide.md': '---\ntitle: The Guide\n---\n# Guide\n\nRead on.\n',
  'content/zebra.md': '# Zebra\n\nStripes.\n',
});
afterAll(site.cleanup);
afterEach(() => vi.restoreAllMocks());

const contentFile = (name: string) => join(site.root, 'content', name);
/** The content files read since `since` (an index into the spy's calls). */
const sourcesReadSince = (since: number) =>
  vi
    .mocked(fs.readFileSync)
    .mock.calls.slice(since)
    .map(([path]) => String(path))
    .filter((path) => path.startsWith(join(site.root, 'content')))
    .map((path) => path.slice(join(site.root, 'content').length + 1))
    .sort();
/** The wall clock as a build long after every file was written sees it: each source has settled. */
const later = () => vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 10 * RACY_MARGIN_MS);

let context: PluginContext;
beforeAll(async () => {
  context = await inThreadContext(site.root, 'build');
});

/** One build's pages, by route. */
async function load(): Promise<{ pages: Map<string, ContentPage> }> {
  const pages = await contentLoader().loadContent!({ context });
  return { pages: new Map(pages.map((page) => [page.route, page])) };
}

describe('the source index of a build', () => {
  test('a rebuild reads no source whose identity is the one recorded, and finds the same pages', async () => {
    later();
    const first = await load();
    vi.restoreAllMocks();
    later();
    const since = vi.mocked(fs.readFileSync).mock.calls.length;
    const second = await load();
    expect(sourcesReadSince(since)).toEqual([]);
    expect([...second.pages.keys()].sort()).toEqual([...first.pages.keys()].sort());
    for (const [route, page] of second.pages) {
      expect(page.title, route).toBe(first.pages.get(route)!.title);
      expect(page.sections, route).toEqual(first.pages.get(route)!.sections);
    }
  });

  test('an edit of the same size with its modification time set back is seen (the change time moved)', async () => {
    const file = contentFile('zebra.md');
    // A time in whole seconds, which `utimes` sets back exactly.
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    later();
    await load();
    const before = statSync(file);
    writeFileSync(file, '# Zebra\n\nStrides.\n');
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    expect(statSync(file).size).toBe(before.size);
    expect(statSync(file).mtimeMs).toBe(before.mtimeMs);
    vi.restoreAllMocks();
    later();
    const since = vi.mocked(fs.readFileSync).mock.calls.length;
    const { pages } = await load();
    expect(sourcesReadSince(since)).toEqual(['zebra.md']);
    expect(JSON.stringify(pages.get('/zebra')!.sections)).toContain('Strides.');
  });

  test('a source changed within a tick of its stat is not recorded: the next build reads it again', async () => {
    const file = contentFile('index.md');
    writeFileSync(file, '# Home\n\nWelcome back.\n');
    // The clock as the build sees it: the source changed a moment ago.
    vi.spyOn(Date, 'now').mockReturnValue(statSync(file).ctimeMs + RACY_MARGIN_MS / 2);
    await load();
    vi.restoreAllMocks();
    later();
    const since = vi.mocked(fs.readFileSync).mock.calls.length;
    await load();
    expect(sourcesReadSince(since)).toEqual(['index.md']);
    // Now it has settled, and was recorded.
    vi.restoreAllMocks();
    later();
    const after = vi.mocked(fs.readFileSync).mock.calls.length;
    await load();
    expect(sourcesReadSince(after)).toEqual([]);
  });
});

describe("the compile key of each page's last compile", () => {
  /** The tasks a load posted: each page's compile input, by source file name. */
  async function loadWith(ctx: PluginContext): Promise<Map<string, CompileInput>> {
    const tasks = new Map<string, CompileInput>();
    const spying: PluginContext = {
      ...ctx,
      compilePage: (task) => {
        const input = task.input as CompileInput;
        tasks.set(input.file.slice(join(site.root, 'content').length + 1), input);
        return ctx.compilePage(task);
      },
    };
    await contentLoader().loadContent!({ context: spying });
    return tasks;
  }

  test('is kept by the index, told to the compile of the page after an edit, and left as it is by check', async () => {
    later();
    await loadWith(context);
    const file = contentFile('guide.md');
    const text = fs.readFileSync(file, 'utf8');
    // The key the page is found under now.
    vi.mocked(cachedCompile).mockClear();
    await loadWith(context);
    const guideLookUp = vi.mocked(cachedCompile).mock.calls.findIndex(([input]) => input.file === file);
    const found = (await vi.mocked(cachedCompile).mock.results[guideLookUp]!.value) as { key: string };
    expect(found.key).toMatch(/^[0-9a-f]{64}$/);

    // `check` compiles without highlighting, under other keys: the index keeps the build's.
    const checkContext = await inThreadContext(site.root, 'check');
    writeFileSync(file, `${text}A line check sees.\n`);
    try {
      const checked = await loadWith(checkContext);
      expect(checked.get('guide.md')?.previousKey).toBeUndefined();
      writeFileSync(file, `${text}A line the build sees.\n`);
      const tasks = await loadWith(context);
      // Only the edited page is compiled, told the key of the build's last compile of it.
      expect([...tasks.keys()]).toEqual(['guide.md']);
      expect(tasks.get('guide.md')!.previousKey).toBe(found.key);
      expect(tasks.get('guide.md')!.missedKey).not.toBe(found.key);
    } finally {
      writeFileSync(file, text);
    }
  });
});

/** What the content loader's `postBuild` wrote: each file's text; `make` false asks each piece for its key alone. */
async function llmsOutput(make: boolean): Promise<Map<string, string>> {
  const loader = contentLoader();
  const pages = await loader.loadContent!({ context });
  const routes: RouteDefinition[] = [];
  const actions = { addRoute: (route: RouteDefinition) => void routes.push(route), emitFile: () => {}, setGlobalData: () => {}, setNavigation: () => {}, setThemeData: () => {}, note: () => {} };
  await loader.contentLoaded!({ content: pages, allContent: {}, actions } as unknown as Parameters<NonNullable<typeof loader.contentLoaded>>[0]);
  const written = new Map<string, string>();
  const output: OutputFiles = {
    write: async (path, contents) => void written.set(path, String(contents)),
    writePieces: async (path, pieces) => void written.set(path, make ? (await Promise.all(pieces.map((piece) => piece.make()))).join('') : pieces.map((piece) => piece.key).join('|')),
  };
  await loader.postBuild!({ outDir: site.root, site: { routes, navigation: {}, globalData: {}, themeData: {} }, context, output });
  return written;
}

describe("a page's Markdown (llms output)", () => {
  test('is keyed without its source, which is read only when the Markdown is made', async () => {
    later();
    await load();
    vi.restoreAllMocks();
    later();
    const since = vi.mocked(fs.readFileSync).mock.calls.length;
    const keys = await llmsOutput(false);
    expect(keys.get('/guide.md')).toMatch(/^[0-9a-f]{64}$/);
    expect(sourcesReadSince(since)).toEqual([]);
    const made = await llmsOutput(true);
    expect(made.get('/guide.md')).toContain('Read on.');
    expect(made.get('/llms-full.txt')).toContain('Read on.');
    expect(sourcesReadSince(since)).toEqual(['guide.md', 'index.md', 'zebra.md']);
  });

  test("has a new key when its page's source changes, and the others keep theirs", async () => {
    later();
    const before = await llmsOutput(false);
    const file = contentFile('index.md');
    const text = fs.readFileSync(file, 'utf8');
    writeFileSync(file, `${text}One more line.\n`);
    try {
      const after = await llmsOutput(false);
      expect(after.get('/index.md')).not.toBe(before.get('/index.md'));
      expect(after.get('/guide.md')).toBe(before.get('/guide.md'));
    } finally {
      writeFileSync(file, text);
    }
  });
});

describe('a source the index knows', () => {
  const cacheDir = join(site.root, 'index-unit-cache');
  const contentDir = join(site.root, 'content');

  test('is read only when its text is asked for, and must then be the text recorded', async () => {
    const file = contentFile('guide.md');
    const text = fs.readFileSync(file, 'utf8');
    const stats = statSync(file);
    const statAt = stats.ctimeMs + 2 * RACY_MARGIN_MS;
    const recording = SourceIndex.load(cacheDir, contentDir);
    expect(recording.source('guide.md', file, stats, statAt).digest).toBe(sourceDigest(text));
    await recording.save();

    const since = vi.mocked(fs.readFileSync).mock.calls.length;
    const known = SourceIndex.load(cacheDir, contentDir).source('guide.md', file, stats, statAt);
    expect(known.digest).toBe(sourceDigest(text));
    expect(sourcesReadSince(since)).toEqual([]);
    expect(known.read()).toBe(text);
    expect(known.read()).toBe(text);
    expect(sourcesReadSince(since)).toEqual(['guide.md']);

    // The file changed after its stat (the same identity handed in): its text is no longer the digest's.
    writeFileSync(file, `${text}More.\n`);
    try {
      const stale = SourceIndex.load(cacheDir, contentDir).source('guide.md', file, stats, statAt);
      expect(stale.digest).toBe(sourceDigest(text));
      expect(() => stale.read()).toThrow('its text changed while the build ran');
      // A look-up that missed reads it as it is now.
      expect(stale.current()).toEqual({ text: `${text}More.\n`, digest: sourceDigest(`${text}More.\n`) });
    } finally {
      writeFileSync(file, text);
    }
  });

  test('is read again when any part of its identity differs, or under another content folder', async () => {
    const file = contentFile('guide.md');
    const stats = statSync(file);
    const statAt = stats.ctimeMs + 2 * RACY_MARGIN_MS;
    const recording = SourceIndex.load(cacheDir, contentDir);
    recording.source('guide.md', file, stats, statAt);
    await recording.save();
    const differing: Partial<fs.Stats>[] = [{ ino: stats.ino + 1 }, { size: stats.size + 1 }, { mtimeMs: stats.mtimeMs + 1 }, { ctimeMs: stats.ctimeMs + 1 }];
    for (const change of differing) {
      const since = vi.mocked(fs.readFileSync).mock.calls.length;
      SourceIndex.load(cacheDir, contentDir).source('guide.md', file, { ...stats, ...change } as fs.Stats, statAt);
      expect(sourcesReadSince(since), JSON.stringify(change)).toEqual(['guide.md']);
    }
    // The index file of another content folder, or of another digest, put where this folder's is.
    const indexFile = join(cacheDir, 'sources', readdirSync(join(cacheDir, 'sources'))[0]!);
    const saved = fs.readFileSync(indexFile, 'utf8');
    for (const other of [{ contentDir: join(site.root, 'elsewhere') }, { version: 0 }]) {
      writeFileSync(indexFile, JSON.stringify({ ...JSON.parse(saved), ...other }));
      const since = vi.mocked(fs.readFileSync).mock.calls.length;
      SourceIndex.load(cacheDir, contentDir).source('guide.md', file, stats, statAt);
      expect(sourcesReadSince(since), JSON.stringify(other)).toEqual(['guide.md']);
    }
    writeFileSync(indexFile, saved);
    const since = vi.mocked(fs.readFileSync).mock.calls.length;
    SourceIndex.load(cacheDir, contentDir).source('guide.md', file, stats, statAt);
    expect(sourcesReadSince(since)).toEqual([]);
  });
});

describe('a compile cache entry that does not fit its source', () => {
  /** Makes the cache entry of `route`'s page claim a body longer than its source. */
  async function damageEntryOf(route: string): Promise<string> {
    later();
    const { pages } = await load();
    vi.restoreAllMocks();
    const key = compiledKeyOf(pages.get(route)!.compiled)!;
    const entry = cacheFilePath(join(context.cacheDir, 'compiled'), key, 'compiled');
    const text = cacheEntryBytes(entry)!.toString('utf8');
    const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as { value: { body: unknown } };
    header.value.body = 100_000;
    replaceCacheEntry(entry, `${JSON.stringify(header)}${text.slice(text.indexOf('\n'))}`);
    return entry;
  }

  test("is an error at the page when its body is read, and is removed: the next build compiles the page", async () => {
    const entry = await damageEntryOf('/guide');
    later();
    await expect(llmsOutput(true)).rejects.toMatchObject({ diagnostics: [{ code: 'read-failed', file: join('content', 'guide.md'), message: expect.stringMatching(/^Cannot read content\/guide\.md: its compile cache entry .* does not fit it, and was removed \(build again\)$/) }] });
    expect(cacheEntryBytes(entry)).toBeUndefined();
    vi.restoreAllMocks();
    later();
    expect((await llmsOutput(true)).get('/guide.md')).toContain('Read on.');
  });

  test('is a miss when the look-up read the source anyway, and in a task', async () => {
    const entry = await damageEntryOf('/guide');
    // Touched: the index does not know it, so the look-up reads it.
    const file = contentFile('guide.md');
    utimesSync(file, new Date(), new Date());
    later();
    const compiles = vi.fn(context.compilePage);
    await contentLoader().loadContent!({ context: { ...context, compilePage: compiles } });
    expect(compiles.mock.calls.map(([task]) => task.sourcePath)).toEqual([join('content', 'guide.md')]);
    expect(cacheEntryBytes(entry)).toBeDefined();

    // A task that looks the page up itself (dev's): the damaged entry is compiled again.
    await damageEntryOf('/guide');
    const damaged = cacheEntryBytes(entry)!.toString('utf8');
    const input = { ...(compiles.mock.calls[0]![0].input as CompileInput) };
    delete input.source;
    delete input.missedKey;
    const output = await compilePage(input);
    expect(output.body).toContain('Read on.');
    expect(cacheEntryBytes(entry)!.toString('utf8')).not.toBe(damaged);
  });

  test('a look-up that misses keys the page by the text it holds then, not the digest the index gave', async () => {
    later();
    vi.mocked(cachedCompile).mockClear();
    const { pages } = await load();
    const [input] = vi.mocked(cachedCompile).mock.calls.find(([{ relativePath }]) => relativePath === join('content', 'zebra.md'))!;
    const file = contentFile('zebra.md');
    const text = fs.readFileSync(file, 'utf8');
    // The identity the index recorded, handed in as the build's stat was: then the file changes.
    const known = SourceIndex.load(context.cacheDir, context.contentDir).source('zebra.md', file, statSync(file), Date.now());
    expect(known.text).toBeUndefined();
    writeFileSync(file, `${text}Changed behind the stat.\n`);
    try {
      // The entry of the recorded digest is gone (a cache cleared): the look-up misses.
      rmSync(join(context.cacheDir, 'compiled'), { recursive: true, force: true });
      // As a pass of look-ups starting now reads the folder.
      refreshCacheFiles(join(context.cacheDir, 'compiled'));
      const lookUp = await cachedCompile(input, known);
      expect('task' in lookUp && lookUp.task.source).toBe(`${text}Changed behind the stat.\n`);
      expect('task' in lookUp && lookUp.task.missedKey).not.toBe(compiledKeyOf(pages.get('/zebra')!.compiled));
    } finally {
      writeFileSync(file, text);
    }
  });
});
