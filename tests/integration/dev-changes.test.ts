import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import type { DevMessage } from '../../src/dev/dev-client.ts';
import { applyChanges } from '../../src/dev/apply-changes.ts';
import type { WatchedPaths } from '../../src/dev/classify-change.ts';
import { startDevServer, type DevServer } from '../../src/dev/dev-server.ts';
import { tempSite } from '../helpers.ts';

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>';
let site: ReturnType<typeof tempSite>;
let dev: DevServer;
let socket: WebSocket;
const messages: DevMessage[] = [];
const terminal: string[] = [];

const file = (path: string) => join(site.root, path);
const get = async (path: string) => {
  const response = await fetch(`http://127.0.0.1:${dev.port}${path}`);
  return { status: response.status, html: await response.text() };
};

/** Saves a file and resolves with the first message the tabs get after it that passes `accept`. */
async function save(path: string, text: string, accept: (m: DevMessage) => boolean = () => true): Promise<DevMessage> {
  const from = messages.length;
  mkdirSync(dirname(file(path)), { recursive: true });
  writeFileSync(file(path), text);
  // No time limit of its own (the test's is the net): a busy machine only makes it wait longer.
  for (;;) {
    const found = messages.slice(from).find(accept);
    if (found) return found;
    await new Promise((done) => setTimeout(done, 10));
  }
}

const isReload = (m: DevMessage) => m.type === 'reload';

/** Polls until `condition` holds; no time limit of its own (the test's is the net). */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((done) => setTimeout(done, 10));
}

function watchedForTest(themeDir: string): WatchedPaths {
  const { context, config } = dev.site.pipeline;
  return {
    contentDir: context.contentDir,
    publicDir: context.publicDir,
    configFiles: [],
    themeDir,
    rendererDirs: [],
    islandFiles: [],
    pluginPaths: new Map(),
    locales: config.locales.map((l) => l.locale),
    defaultLocale: config.defaultLocale,
  };
}
const isError = (m: DevMessage) => m.type === 'error';

beforeAll(async () => {
  site = tempSite({
    'content/index.mdx': '# Home\n\nWelcome.\n',
    'content/guide.mdx': '# Guide\n\nThe first version.\n',
    'content/other.mdx': '# Other page\n\nOther text.\n',
    'content/_meta.json': '{ "index": "Home", "guide": "Guide", "other": "Other" }\n',
    'docs-gen.config.ts': "export default { title: 'Changing site' };\n",
  });
  dev = await startDevServer({ root: site.root, port: 0, host: '127.0.0.1', log: { info: () => {}, error: (text) => terminal.push(text) } });
  socket = new WebSocket(`ws://127.0.0.1:${dev.port}/__docs-gen/ws`);
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as DevMessage));
  await new Promise((done) => socket.once('open', done));
  await get('/guide');
});

afterAll(async () => {
  socket?.close();
  await dev?.close();
  site?.cleanup();
});

describe('the dev server on a change', () => {
  test('a page edit reloads the tabs, and the page shows the new text', async () => {
    const message = await save('content/guide.mdx', '# Guide\n\nThe second version.\n');
    expect(message, JSON.stringify(message)).toEqual({ type: 'reload' });
    expect((await get('/guide')).html).toContain('The second version.');
  });

  test("a page's new title shows in the sidebar of every other page", async () => {
    await save('content/titled.mdx', '---\ntitle: First title\n---\n\nText.\n', isReload);
    expect((await get('/guide')).html).toContain('>First title</a>');
    await save('content/titled.mdx', '---\ntitle: Second title\n---\n\nText.\n', isReload);
    const guide = (await get('/guide')).html;
    expect(guide).toContain('>Second title</a>');
    expect(guide).not.toContain('First title');
  });

  test('an MDX syntax error shows as an overlay message with file:line:col, the server keeps serving, and fixing it clears it', async () => {
    const error = await save('content/guide.mdx', '# Guide\n\nA brace { that never closes.\n', isError);
    expect(error.type === 'error' && error.message).toMatch(/^content\/guide\.mdx:3:\d+ error MDX syntax error/);
    expect(terminal.join('\n')).toMatch(/content\/guide\.mdx:3:\d+ error MDX syntax error/);
    expect((await get('/other')).status).toBe(200);
    expect((await get('/guide')).status).toBe(200);
    expect(await save('content/guide.mdx', '# Guide\n\nFixed.\n', isReload)).toEqual({ type: 'reload' });
    expect(dev.site.errors.size).toBe(0);
    expect((await get('/guide')).html).toContain('Fixed.');
  });

  test('a component that does not exist is an error when the page renders, and fixing it reloads', async () => {
    const error = await save('content/guide.mdx', '# Guide\n\n<Nowhere />\n', isError);
    expect(error.type === 'error' && error.message).toContain('content/guide.mdx:3:1 error Rendering /guide failed: Expected component `Nowhere` to be defined');
    expect((await get('/guide')).status).toBe(500);
    expect(await save('content/guide.mdx', '# Guide\n\nRenders again.\n', isReload)).toEqual({ type: 'reload' });
    expect((await get('/guide')).html).toContain('Renders again.');
  });

  test('a tab that connects while there is an error is shown it at once', async () => {
    await save('content/guide.mdx', '# Guide\n\n<div>\n', isError);
    const late = new WebSocket(`ws://127.0.0.1:${dev.port}/__docs-gen/ws`);
    const first = await new Promise<DevMessage>((done) => late.once('message', (data) => done(JSON.parse(String(data)) as DevMessage)));
    late.close();
    expect(first.type).toBe('error');
    await save('content/guide.mdx', '# Guide\n\nFixed again.\n', isReload);
  });

  test('a bad _meta file is an error with its place, and fixing it reloads', async () => {
    const error = await save('content/_meta.json', '{ "index": "Home", }\n', isError);
    expect(error.type === 'error' && error.message).toContain('content/_meta.json:1:');
    expect(await save('content/_meta.json', '{ "index": "Home" }\n', isReload)).toEqual({ type: 'reload' });
  });

  test('a bad config is an error with its place; the last good config keeps serving; fixing it reloads', async () => {
    const error = await save('docs-gen.config.ts', "export default { title: 'Changing site', basePath: 'oops' };\n", isError);
    expect(error.type === 'error' && error.message).toContain('docs-gen.config.ts:1:');
    expect((await get('/guide')).status).toBe(200);
    expect(await save('docs-gen.config.ts', "export default { title: 'Changed title' };\n", isReload)).toEqual({ type: 'reload' });
    expect((await get('/guide')).html).toContain('Changed title');
  });

  test('a missing image is an error until the image is added', async () => {
    const error = await save('content/other.mdx', '# Other page\n\n![chart](/chart.svg)\n', isError);
    expect(error.type === 'error' && error.message).toContain('content/other.mdx:3:1 error Image /chart.svg was not found');
    expect(await save('public/chart.svg', LOGO, isReload)).toEqual({ type: 'reload' });
    expect((await get('/other')).html).toContain('/chart.svg');
  });

  test('a new page is served at its route; a deleted one is a 404 again', async () => {
    // Wait for the state, not for "a reload": a late reload of the previous test's change would
    // otherwise be taken for this one's on a busy machine.
    writeFileSync(file('content/added.md'), '# Added page\n\nNew.\n');
    await until(async () => (await get('/added')).html.includes('New.'));
    expect((await get('/added')).html).toContain('New.');
    rmSync(file('content/added.md'));
    await until(async () => (await get('/added')).status === 404);
    expect((await get('/added')).status).toBe(404);
  });

  test("a change to the theme's stylesheet swaps the stylesheet in place instead of reloading", async () => {
    // The theme folder is docs-gen's own: point the watched paths at a stand-in instead of editing it.
    const themeDir = join(site.root, 'stand-in-theme');
    const paths = watchedForTest(themeDir);
    const applied = await dev.site.exclusive(() => applyChanges(dev.site, [{ event: 'change', path: join(themeDir, 'styles', 'main.css') }], paths));
    expect(applied.message).toEqual({ type: 'css', href: dev.site.assets!.assets.styles[0] });
  });
});
