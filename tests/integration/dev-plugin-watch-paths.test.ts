import { expect, test } from 'vitest';
import { useDevServer } from '../use-dev-server.ts';

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

const dev = useDevServer({ 'docs-gen.config.ts': CONFIG, 'notice/text.txt': 'First notice', 'content/index.mdx': '# Home\n\nText.\n' }, { socket: true });

const page = async () => (await (await fetch(dev.url('/notice'))).text()).match(/class="html-content"><p>([^<]*)<\/p>/)?.[1];
async function saveAndWait(path: string, text: string): Promise<void> {
  await dev.save(path, text, 'reload');
}

test("a change in a path a plugin watches re-runs that plugin's loadContent; a page edit does not", async () => {
  expect(await page()).toBe('First notice (loaded 1 times)');
  await saveAndWait('content/index.mdx', '# Home\n\nOther text.\n');
  expect(await page()).toBe('First notice (loaded 1 times)');
  await saveAndWait('notice/text.txt', 'Second notice');
  expect(await page()).toBe('Second notice (loaded 2 times)');
});
