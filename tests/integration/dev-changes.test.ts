import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import type { DevMessage } from '../../src/dev/dev-client.ts';
import { applyChanges } from '../../src/dev/apply-changes.ts';
import type { WatchedPaths } from '../../src/dev/classify-change.ts';
import { useDevServer } from '../use-dev-server.ts';

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>';
const dev = useDevServer(
  {
    'content/index.mdx': '# Home\n\nWelcome.\n',
    'content/guide.mdx': '# Guide\n\nThe first version.\n',
    'content/other.mdx': '# Other page\n\nOther text.\n',
    'content/_meta.json': '{ "index": "Home", "guide": "Guide", "other": "Other" }\n',
    'docs-gen.config.ts': "export default { title: 'Changing site' };\n",
  },
  { socket: true },
);

const file = (path: string) => join(dev.root, path);
const get = async (path: string) => {
  const response = await fetch(dev.url(path));
  return { status: response.status, html: await response.text() };
};

/** Saves a file and resolves with the first message the tabs get after it that passes `accept`. */
async function save(path: string, text: string, accept: (m: DevMessage) => boolean = () => true): Promise<DevMessage> {
  const from = dev.messages.length;
  mkdirSync(dirname(file(path)), { recursive: true });
  writeFileSync(file(path), text);
  return dev.messageAfter(from, accept);
}

const isReload = (m: DevMessage) => m.type === 'reload';

/** Polls until `condition` holds; no time limit of its own (the test's is the net). */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((done) => setTimeout(done, 10));
}

function watchedForTest(themeDir: string): WatchedPaths {
  const { context, config } = dev.server.site.pipeline;
  return {
    contentDir: context.contentDir,
    publicDir: context.publicDir,
    configFiles: [],
    themeDir,
    rendererDirs: [],
    islandFiles: [],
    sourcePaths: [],
    pluginPaths: new Map(),
    locales: config.locales.map((l) => l.locale),
    defaultLocale: config.defaultLocale,
  };
}
const isError = (m: DevMessage) => m.type === 'error';

// The first page asked for starts the background compile.
beforeAll(() => get('/guide'));

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
    expect(dev.terminal.join('\n')).toMatch(/content\/guide\.mdx:3:\d+ error MDX syntax error/);
    expect((await get('/other')).status).toBe(200);
    expect((await get('/guide')).status).toBe(200);
    expect(await save('content/guide.mdx', '# Guide\n\nFixed.\n', isReload)).toEqual({ type: 'reload' });
    expect(dev.server.site.errors.size).toBe(0);
    expect((await get('/guide')).html).toContain('Fixed.');
  });

  test('a component that does not exist is an error when the page renders, and fixing it reloads', async () => {
    const error = await save('content/guide.mdx', '# Guide\n\n<Nowhere />\n', isError);
    expect(error.type === 'error' && error.message).toContain('content/guide.mdx:3:1 error Rendering /guide failed: Expected component `Nowhere` to be defined');
    // The last version that rendered is served meanwhile (README: "keeps serving the last good version").
    expect(await get('/guide')).toMatchObject({ status: 200, html: expect.stringContaining('Fixed.') });
    expect(await save('content/guide.mdx', '# Guide\n\nRenders again.\n', isReload)).toEqual({ type: 'reload' });
    expect((await get('/guide')).html).toContain('Renders again.');
  });

  test('a tab that connects while there is an error is shown it at once', async () => {
    await save('content/guide.mdx', '# Guide\n\n<div>\n', isError);
    const late = new WebSocket(`ws://127.0.0.1:${dev.server.port}/__docs-gen/ws`);
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
    expect(error.type === 'error' && error.message).toContain('content/other.mdx:3:10 error Image /chart.svg was not found');
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

  test('with public/ deleted, a page with images keeps its last good version and the overlay says why', async () => {
    writeFileSync(file('public/diagram.svg'), LOGO);
    writeFileSync(file('content/pictured.mdx'), '# Pictured\n\nA diagram:\n\n![diagram](/diagram.svg)\n');
    await until(async () => (await get('/pictured')).html.includes('A diagram:'));
    const good = await get('/pictured');
    expect(good.status).toBe(200);
    const from = dev.messages.length;
    rmSync(file('public'), { recursive: true });
    await until(async () => dev.messages.slice(from).some((m) => m.type === 'error' && m.message.includes('/diagram.svg was not found')));
    const served = await get('/pictured');
    expect(served.status).toBe(200);
    expect(served.html).toContain('A diagram:');
    expect(served.html).toContain('diagram.svg');
    // A page without images is unaffected.
    expect((await get('/guide')).status).toBe(200);
    // Put public/ back as the earlier tests left it.
    mkdirSync(file('public'));
    writeFileSync(file('public/chart.svg'), LOGO);
    writeFileSync(file('public/diagram.svg'), LOGO);
    await until(async () => dev.server.site.errors.size === 0);
  });

  test("a change to the theme's stylesheet swaps the stylesheet in place instead of reloading", async () => {
    // The theme folder is docs-gen's own: point the watched paths at a stand-in instead of editing it.
    const themeDir = join(dev.root, 'stand-in-theme');
    const paths = watchedForTest(themeDir);
    const applied = await dev.server.site.exclusive(() => applyChanges(dev.server.site, [{ event: 'change', path: join(themeDir, 'styles', 'main.css') }], paths));
    expect(applied.message).toEqual({ type: 'css', href: dev.server.site.assets!.assets.styles[0] });
  });
});
