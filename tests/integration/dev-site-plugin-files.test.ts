import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { DevMessage } from '../../src/shared/dev-protocol.ts';
import { useDevServer } from '../use-dev-server.ts';

/**
 * A plugin of the site's own, in plain JavaScript beside the content: a remark plugin that
 * imports a file, and an MDX component. Neither was bundled, so dev learnt of no file behind
 * them and an edit showed only after a restart (and the build's compile cache missed a change in
 * what the remark plugin imports).
 */
const word = (text: string) => `export const word = '${text}';\n`;
const stamp = (text: string) => `import { createElement } from 'react';\n\nexport default function Stamp() {\n  return createElement('i', { className: 'stamp' }, '${text}');\n}\n`;
const reword = "import { word } from './word.mjs';\n\nexport default function reword() {\n  const visit = (node) => {\n    if (node.type === 'text') node.value = node.value.replaceAll('WORD', word);\n    node.children?.forEach(visit);\n  };\n  return visit;\n}\n";
const dev = useDevServer(
  {
    'docs-gen.config.ts': "import site from './plugins/site.mjs';\n\nexport default { title: 'Plugins', plugins: [site] };\n",
    'plugins/site.mjs':
      "export default {\n  name: 'site',\n  remarkPlugins: [{ module: new URL('./reword.mjs', import.meta.url).href }],\n  mdxComponents: { Stamp: { module: new URL('./Stamp.mjs', import.meta.url).href } },\n};\n",
    'plugins/reword.mjs': reword,
    'plugins/word.mjs': word('First'),
    'plugins/Stamp.mjs': stamp('Stamp one'),
    'content/index.mdx': '# Home\n\nThe WORD word.\n\n<Stamp />\n',
  },
  { socket: true },
);

const html = async () => (await fetch(dev.url('/'))).text();
const wordOnPage = async () => /The (\w+) word\./.exec(await html())?.[1];
const stampOnPage = async () => /class="stamp">([^<]*)</.exec(await html())?.[1];

const save = (file: string, text: string, type: DevMessage['type']): Promise<DevMessage> => dev.save(file, text, type);

test("a file the site's remark plugin imports: an edit is on the page once dev says reload", async () => {
  expect(await wordOnPage()).toBe('First');
  await save('plugins/word.mjs', word('Second'), 'reload');
  expect(await wordOnPage()).toBe('Second');
});

test("the site's remark plugin itself: a syntax error is shown at its place, and its fix clears it", async () => {
  const broken = await save('plugins/reword.mjs', reword.replace('return visit;', 'return visit;;}'), 'error');
  expect(broken.type === 'error' && broken.message).toMatch(/plugins\/reword\.mjs/);
  // Fixed, and changed: the word in capitals.
  await save('plugins/reword.mjs', reword.replace("'WORD', word)", "'WORD', word.toUpperCase())"), 'reload');
  expect(await wordOnPage()).toBe('SECOND');
  await save('plugins/word.mjs', word('Third'), 'reload');
  expect(await wordOnPage()).toBe('THIRD');
});

test("a file the site's remark plugin imports, deleted and made again: dev sees it come back", async () => {
  const removed = dev.messages.length;
  rmSync(join(dev.root, 'plugins', 'word.mjs'));
  await dev.messageAfter(removed, (m) => m.type === 'error');
  await save('plugins/word.mjs', word('Back'), 'reload');
  expect(await wordOnPage()).toBe('BACK');
});

test("the site plugin's MDX component in plain JavaScript: an edit is on the page", async () => {
  expect(await stampOnPage()).toBe('Stamp one');
  await save('plugins/Stamp.mjs', stamp('Stamp two'), 'reload');
  expect(await stampOnPage()).toBe('Stamp two');
});

test("after the workers restart (as for a change of the theme), a later edit of a file the remark plugin imports is still seen", async () => {
  const site = dev.server.site;
  await site.exclusive(async () => site.restartWorkers());
  // The new workers import the plugin, and the file it imports, when they compile the page.
  await save('content/index.mdx', '# Home\n\nThe WORD word.\n\nEdited.\n\n<Stamp />\n', 'reload');
  expect(await html()).toContain('Edited.');
  expect(await wordOnPage()).toBe('BACK');
  await save('plugins/word.mjs', word('Restarted'), 'reload');
  expect(await wordOnPage()).toBe('RESTARTED');
});

describe("the site's remark plugin broken when dev starts", () => {
  const broken = useDevServer(
    {
      'docs-gen.config.ts': "export default { title: 'Broken plugin', plugins: [{ name: 'site', remarkPlugins: [{ module: new URL('./plugins/reword.mjs', import.meta.url).href }] }] };\n",
      'plugins/reword.mjs': reword,
      'plugins/word.mjs': "export const word = ('First';\n",
      'content/index.mdx': '# Home\n\nThe WORD word.\n',
    },
    { socket: true },
  );

  test('is shown at its place, and the fix of the file it imports is seen', async () => {
    expect(broken.terminal.join('\n')).toMatch(/plugins\/word\.mjs:1:\d+ error Cannot read plugins\/reword\.mjs: .*\[module-bundle\]/);
    await broken.save('plugins/word.mjs', word('Fixed'), 'reload');
    expect(/The (\w+) word\./.exec(await (await fetch(broken.url('/'))).text())?.[1]).toBe('Fixed');
  });
});

describe("the site's remark plugin left out of the config and put back", () => {
  const withPlugin = "export default { title: 'Back', plugins: [{ name: 'site', remarkPlugins: [{ module: new URL('./plugins/reword.mjs', import.meta.url).href }] }] };\n";
  const site = useDevServer(
    {
      'docs-gen.config.ts': withPlugin,
      'plugins/reword.mjs': reword,
      'plugins/word.mjs': word('First'),
      'content/index.mdx': '# Home\n\nThe WORD word.\n',
    },
    { socket: true },
  );
  const saveIn = (file: string, text: string) => site.save(file, text, 'reload');
  const shown = async () => /The (\w+) word\./.exec(await (await fetch(site.url('/'))).text())?.[1];

  test('a file it imports, changed while it was left out (and not watched), is what the page shows once it is back', async () => {
    expect(await shown()).toBe('First');
    await saveIn('docs-gen.config.ts', "export default { title: 'Back', plugins: [] };\n");
    expect(await shown()).toBe('WORD');
    // Not watched now: nothing to wait for. The workers still hold the module as it was.
    writeFileSync(join(site.root, 'plugins', 'word.mjs'), word('Second'));
    await saveIn('docs-gen.config.ts', withPlugin);
    expect(await shown()).toBe('Second');
  });
});
