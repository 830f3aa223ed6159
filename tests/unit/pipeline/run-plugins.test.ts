import { describe, expect, test } from 'vitest';
import { HOOK_KINDS, type OutputFiles, type Plugin, type PluginContext, type RenderedPage, type SiteData } from '../../../src/pipeline/plugin.ts';
import { orderPlugins, postBuildInTwo, runContentHooks, runDevRequest, runPostBuild, runTransformPage } from '../../../src/pipeline/run-plugins.ts';

const context = {} as PluginContext;
const site = { routes: [], navigation: {}, globalData: {}, themeData: {} } as SiteData;

/** A plugin whose hook records when it starts and ends, yielding to the event loop in between. */
function tracing(name: string, events: string[]): Plugin {
  const hook = async () => {
    events.push(`${name} starts`);
    await new Promise((done) => setImmediate(done));
    events.push(`${name} ends`);
  };
  return { name, postBuild: hook, transformPage: hook };
}

describe('the hook runner', () => {
  test('the kind of each hook is written on the contract', () => {
    expect(HOOK_KINDS).toEqual({ loadContent: 'parallel', contentLoaded: 'sequential', transformPage: 'sequential', postBuild: 'parallel', watchPaths: 'sequential', devRequest: 'first' });
  });

  test('runs postBuild of every plugin at once (build and dev both call this)', async () => {
    const events: string[] = [];
    await runPostBuild([tracing('a', events), tracing('b', events)], { outDir: '', site, context });
    expect(events).toEqual(['a starts', 'b starts', 'a ends', 'b ends']);
  });

  test('runs transformPage one plugin after another, in plugin order', async () => {
    const events: string[] = [];
    const page: RenderedPage = { route: '/', locale: 'en-US', outputPath: 'index.html', html: '', theme: {} as RenderedPage['theme'] };
    await runTransformPage([tracing('a', events), tracing('b', events)], page, context);
    expect(events).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  });

  test('collects a failing postBuild as a diagnostic naming the plugin and hook', async () => {
    const failures = await runPostBuild([{ name: 'broken', postBuild: () => Promise.reject(new Error('disk full')) }], { outDir: '', site, context });
    expect(failures.map((d) => [d.code, d.plugin, d.hook, d.message])).toEqual([['plugin-internal', 'broken', 'postBuild', 'Internal error in plugin broken during hook postBuild: disk full']]);
  });

  test("reports each write of a postBuild that failed at its path, awaited or not, and the hook's own error once", async () => {
    const full: OutputFiles = {
      write: async (path) => Promise.reject(new Error(`no space left for ${path}`)),
      writePieces: async () => {},
    };
    const plugins: Plugin[] = [
      // Awaits both through Promise.all, which passes on the first failure alone.
      { name: 'awaits', postBuild: async ({ output }) => void (await Promise.all([output.write('a.txt', 'x'), output.write('b.txt', 'y')])) },
      { name: 'gives-up', postBuild: async ({ output }) => {
        void output.write('c.txt', 'z');
        throw new Error('the widget count is unknown');
      } },
    ];
    const failures = await runPostBuild(plugins, { outDir: '', site, context, output: full });
    expect(failures.map((d) => [d.plugin, d.message])).toEqual([
      ['awaits', 'Plugin awaits wrote a.txt in postBuild, and the write failed: no space left for a.txt'],
      ['awaits', 'Plugin awaits wrote b.txt in postBuild, and the write failed: no space left for b.txt'],
      ['gives-up', 'Internal error in plugin gives-up during hook postBuild: the widget count is unknown'],
      ['gives-up', 'Plugin gives-up wrote c.txt in postBuild, and the write failed: no space left for c.txt'],
    ]);
  });

  test('loadContent runs at once, and what it gave and how it failed stay in plugin order, whichever ends first', async () => {
    const listing = { config: { defaultLocale: 'en' }, listContent: () => [] } as unknown as PluginContext;
    const slow = async <Value>(value: Value) => {
      for (let turn = 0; turn < 5; turn++) await Promise.resolve();
      return value;
    };
    let keysSeen: string[] = [];
    const plugins: Plugin[] = [
      { name: 'slow', loadContent: () => slow('first') },
      { name: 'fast', loadContent: () => 'second' },
      { name: 'reader', contentLoaded: ({ allContent }) => void (keysSeen = Object.keys(allContent)) },
    ];
    await runContentHooks(plugins, listing);
    expect(keysSeen).toEqual(['slow', 'fast']);
    const failing: Plugin[] = [
      { name: 'slow-failure', loadContent: () => slow(null).then(() => Promise.reject(new Error('late'))) },
      { name: 'fast-failure', loadContent: () => Promise.reject(new Error('early')) },
    ];
    const diagnostics = await runContentHooks(failing, listing).then(
      () => [],
      (error: { diagnostics: { plugin: string }[] }) => error.diagnostics,
    );
    expect(diagnostics.map((d) => d.plugin)).toEqual(['slow-failure', 'fast-failure']);
  });

  test('postBuild runs at once, and its failures are reported in plugin order, whichever fails first', async () => {
    const events: string[] = [];
    const late = async (name: string) => {
      events.push(`${name} starts`);
      for (let turn = 0; turn < 5; turn++) await Promise.resolve();
      events.push(`${name} fails`);
      throw new Error('late');
    };
    const plugins: Plugin[] = [
      { name: 'slow-failure', postBuild: () => late('slow-failure') },
      { name: 'fine', postBuild: () => void events.push('fine starts') },
      { name: 'fast-failure', postBuild: () => (events.push('fast-failure starts and fails'), Promise.reject(new Error('early'))) },
    ];
    const failures = await runPostBuild(plugins, { outDir: '', site, context });
    // The last began before the first ended: at once, not in turn; and failed first.
    expect(events).toEqual(['slow-failure starts', 'fine starts', 'fast-failure starts and fails', 'slow-failure fails']);
    expect(failures.map((d) => [d.plugin, d.message])).toEqual([
      ['slow-failure', 'Internal error in plugin slow-failure during hook postBuild: late'],
      ['fast-failure', 'Internal error in plugin fast-failure during hook postBuild: early'],
    ]);
  });

  test('postBuild in two starts: the hooks that read only the site first, the rest at finish, failures in plugin order', async () => {
    const events: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    const plugins: Plugin[] = [
      { name: 'output-reader', postBuild: () => void events.push('output-reader starts') },
      {
        name: 'site-reader',
        postBuildReads: 'site',
        postBuild: async () => {
          events.push('site-reader starts');
          await released;
          events.push('site-reader fails');
          throw new Error('late');
        },
      },
      { name: 'declared-output', postBuildReads: 'output', postBuild: () => Promise.reject(new Error('early')) },
    ];
    const run = postBuildInTwo(plugins, { outDir: '', site, context });
    run.startSiteReaders();
    run.startSiteReaders();
    await Promise.resolve();
    expect(events).toEqual(['site-reader starts']);
    const finished = run.finish();
    await Promise.resolve();
    // finish starts the others, and not the site reader a second time.
    expect(events).toEqual(['site-reader starts', 'output-reader starts']);
    release();
    const failures = await finished;
    expect(events).toEqual(['site-reader starts', 'output-reader starts', 'site-reader fails']);
    expect(failures.map((d) => d.plugin)).toEqual(['site-reader', 'declared-output']);
  });

  test('postBuild in two: without the first start, finish runs every hook; settled waits for the site readers and never rejects', async () => {
    const started: string[] = [];
    const plugins: Plugin[] = [
      { name: 'a', postBuildReads: 'site', postBuild: () => void started.push('a') },
      { name: 'b', postBuild: () => void started.push('b') },
    ];
    expect(await postBuildInTwo(plugins, { outDir: '', site, context }).finish()).toEqual([]);
    expect(started).toEqual(['a', 'b']);

    let ended = false;
    const failing = postBuildInTwo([{ name: 'slow', postBuildReads: 'site', postBuild: () => new Promise((_, fail) => setImmediate(() => ((ended = true), fail(new Error('no'))))) }], { outDir: '', site, context });
    await failing.settled();
    failing.startSiteReaders();
    await failing.settled();
    expect(ended).toBe(true);
  });

  test('devRequest stops at the first plugin that answers', async () => {
    const asked: string[] = [];
    const answer = (name: string, answers: boolean): Plugin => ({ name, devRequest: () => (asked.push(name), answers) });
    const request = { request: {}, response: {}, url: new URL('http://localhost/x') } as Parameters<typeof runDevRequest>[1];
    expect(await runDevRequest([answer('a', false), answer('b', true), answer('c', true)], request, context)).toBe(true);
    expect(asked).toEqual(['a', 'b']);
  });

  test('lists the content folder once per run of the content hooks, however many plugins walk it, and afresh in the next run', async () => {
    const listings: string[][] = [];
    let folder = ['a.md'];
    const listing = { config: { defaultLocale: 'en' }, listContent: () => (listings.push(folder), folder.map((name) => ({ name }))) } as unknown as PluginContext;
    const seen: string[] = [];
    const walker = (name: string): Plugin => ({
      name,
      loadContent: ({ context }) => seen.push(`${name} loads ${context.listContent().map((e) => e.name).join()}`),
      contentLoaded: ({ context }) => void seen.push(`${name} maps ${context.listContent().map((e) => e.name).join()}`),
    });
    await runContentHooks([walker('loader'), walker('page-map'), walker('outputs')], listing);
    expect(listings).toEqual([['a.md']]);
    folder = ['a.md', 'b.md'];
    await runContentHooks([walker('loader'), walker('page-map')], listing);
    expect(listings).toEqual([['a.md'], ['a.md', 'b.md']]);
    expect(seen).toEqual([
      ...['loader', 'page-map', 'outputs'].map((name) => `${name} loads a.md`),
      ...['loader', 'page-map', 'outputs'].map((name) => `${name} maps a.md`),
      ...['loader', 'page-map'].map((name) => `${name} loads a.md,b.md`),
      ...['loader', 'page-map'].map((name) => `${name} maps a.md,b.md`),
    ]);
  });

  test('a listing that fails fails every plugin that asks for it in that run, with its own error, and is not tried again', async () => {
    let calls = 0;
    const listContent = () => {
      calls++;
      throw Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' });
    };
    const failing = { config: { defaultLocale: 'en' }, listContent } as unknown as PluginContext;
    const walker = (name: string): Plugin => ({ name, loadContent: ({ context }) => context.listContent() });
    const failure = await runContentHooks([walker('loader'), walker('page-map')], failing).catch((error: { diagnostics: { plugin: string; message: string }[] }) => error.diagnostics);
    expect(failure).toEqual([
      expect.objectContaining({ plugin: 'loader', message: 'Internal error in plugin loader during hook loadContent: ENOENT: no such file or directory' }),
      expect.objectContaining({ plugin: 'page-map', message: 'Internal error in plugin page-map during hook loadContent: ENOENT: no such file or directory' }),
    ]);
    expect(calls).toBe(1);
  });

  test("order: 'pre' plugins run before the others and 'post' ones after, each group in its own order", () => {
    const named = (name: string, order?: Plugin['order']): Plugin => ({ name, order });
    const ordered = orderPlugins([named('builtin-1'), named('late', 'post'), named('builtin-2'), named('compat', 'pre'), named('site'), named('compat-2', 'pre')]);
    expect(ordered.map((p) => p.name)).toEqual(['compat', 'compat-2', 'builtin-1', 'builtin-2', 'site', 'late']);
  });
});
