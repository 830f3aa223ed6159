import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import WebSocket from 'ws';
import { startDevServer, type DevServer } from '../../src/dev/dev-server.ts';
import { tempSite } from '../helpers.ts';

/** A third-party plugin that reads a file outside content/ and asks dev to watch its folder. */
const CONFIG = `import { readFileSync } from 'node:fs';
import { join } from 'node:path';
let loads = 0;
export default {
  plugins: [
    {
      name: 'acme:notice',
      watchPaths: () => ['notice'],
      loadContent: ({ context }) => {
        loads++;
        return readFileSync(join(context.root, 'notice', 'text.txt'), 'utf8').trim();
      },
      contentLoaded: ({ content, actions }) => {
        actions.addRoute({ route: '/notice', title: 'Notice', content: { type: 'html', html: '<p>' + content + ' (loaded ' + loads + ' times)</p>' } });
      },
    },
  ],
};
`;

let site: ReturnType<typeof tempSite>;
let dev: DevServer;
let socket: WebSocket;
let reloads = 0;

const page = async () => (await (await fetch(`http://127.0.0.1:${dev.port}/notice`)).text()).match(/class="html-content"><p>([^<]*)<\/p>/)?.[1];
async function saveAndWait(path: string, text: string): Promise<void> {
  const before = reloads;
  writeFileSync(join(site.root, path), text);
  while (reloads === before) await new Promise((done) => setTimeout(done, 10));
}

beforeAll(async () => {
  site = tempSite({ 'docs-gen.config.ts': CONFIG, 'notice/text.txt': 'First notice', 'content/index.mdx': '# Home\n\nText.\n' });
  dev = await startDevServer({ root: site.root, port: 0, host: '127.0.0.1', log: { info: () => {}, error: () => {} } });
  socket = new WebSocket(`ws://127.0.0.1:${dev.port}/__docs-gen/ws`);
  socket.on('message', (data) => {
    if ((JSON.parse(String(data)) as { type: string }).type === 'reload') reloads++;
  });
  await new Promise((done) => socket.once('open', done));
});

afterAll(async () => {
  socket?.close();
  await dev?.close();
  site?.cleanup();
});

test("a change in a path a plugin watches re-runs that plugin's loadContent; a page edit does not", async () => {
  expect(await page()).toBe('First notice (loaded 1 times)');
  await saveAndWait('content/index.mdx', '# Home\n\nOther text.\n');
  expect(await page()).toBe('First notice (loaded 1 times)');
  await saveAndWait('notice/text.txt', 'Second notice');
  expect(await page()).toBe('Second notice (loaded 2 times)');
});
