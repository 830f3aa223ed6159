import { expect, test } from 'vitest';
import { useDevServer } from '../use-dev-server.ts';

/**
 * A component an `.mdx` page imports, edited while dev runs: dev bundles the page again, and the
 * page must show the new component. The bundle was named after the page alone, so the new one
 * took the old one's name and URL, which the render workers had imported already; the page kept
 * the first text for good (found by a differential fuzzer of dev against build).
 */
const note = (text: string) => `export default function Note() {\n  return <span className="note">${text}</span>;\n}\n`;
const dev = useDevServer(
  {
    'content/index.mdx': "import Note from './_components/Note.jsx';\n\n# Home\n\n<Note />\n",
    'content/_components/Note.jsx': note('the first text'),
  },
  { socket: true },
);

const shown = async () => /class="note">([^<]*)</.exec(await (await fetch(dev.url('/'))).text())?.[1];

test('each edit of the component is on the page once dev says reload', async () => {
  expect(await shown()).toBe('the first text');
  for (const text of ['the second text', 'the third text', 'the first text']) {
    await dev.save('content/_components/Note.jsx', note(text), 'reload');
    expect(await shown()).toBe(text);
  }
});
