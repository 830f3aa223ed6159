import { describe, expect, test } from 'vitest';
import { HOOK_KINDS, type Plugin, type PluginContext, type RenderedPage, type SiteData } from '../../../src/pipeline/plugin.ts';
import { orderPlugins, runDevRequest, runPostBuild, runTransformPage } from '../../../src/pipeline/run-plugins.ts';

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

  test('devRequest stops at the first plugin that answers', async () => {
    const asked: string[] = [];
    const answer = (name: string, answers: boolean): Plugin => ({ name, devRequest: () => (asked.push(name), answers) });
    const request = { request: {}, response: {}, url: new URL('http://localhost/x') } as Parameters<typeof runDevRequest>[1];
    expect(await runDevRequest([answer('a', false), answer('b', true), answer('c', true)], request, context)).toBe(true);
    expect(asked).toEqual(['a', 'b']);
  });

  test("order: 'pre' plugins run before the others and 'post' ones after, each group in its own order", () => {
    const named = (name: string, order?: Plugin['order']): Plugin => ({ name, order });
    const ordered = orderPlugins([named('builtin-1'), named('late', 'post'), named('builtin-2'), named('compat', 'pre'), named('site'), named('compat-2', 'pre')]);
    expect(ordered.map((p) => p.name)).toEqual(['compat', 'compat-2', 'builtin-1', 'builtin-2', 'site', 'late']);
  });
});
