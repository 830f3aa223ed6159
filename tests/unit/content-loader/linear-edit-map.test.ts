import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Event } from 'micromark-util-types';
import { compilePage } from '../../../plugins/content-loader/compile-page.ts';
import { editMapWork, micromarkEditMap, useLinearEditMap } from '../../../plugins/content-loader/linear-edit-map.ts';

/** `count` stand-in events in an array that counts how many of its items are read or written. */
function countingEvents(count: number): { events: Event[]; touched: () => number } {
  let touched = 0;
  const isIndex = (key: string | symbol) => typeof key === 'string' && /^\d+$/.test(key);
  const target = Array.from({ length: count }, (_, i) => ['enter', { type: `t${i}` }, {}] as unknown as Event);
  const events = new Proxy(target, {
    get(array, key, receiver) {
      if (isIndex(key)) touched++;
      return Reflect.get(array, key, receiver);
    },
    set(array, key, value, receiver) {
      if (isIndex(key)) touched++;
      return Reflect.set(array, key, value, receiver);
    },
  });
  return { events, touched: () => touched };
}

/** How many events micromark's edit map touches to insert one event just before the last of `count`. */
async function touchedByAnEditNearTheEnd(count: number): Promise<number> {
  const EditMap = await micromarkEditMap();
  const { events, touched } = countingEvents(count);
  const edits = new EditMap();
  edits.add(count - 1, 0, [['exit', { type: 'added' }, {}] as unknown as Event]);
  edits.consume(events);
  expect(events).toHaveLength(count + 1);
  expect(events[count - 1]![1].type).toBe('added');
  return touched();
}

const dir = mkdtempSync(join(tmpdir(), 'linear-edit-map-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Events micromark's edit maps moved while compiling an .mdx page of `sections` sections, each with a list. */
async function eventsMovedCompiling(sections: number): Promise<number> {
  const file = join(dir, `sections-${sections}.mdx`);
  // Every list that ends closes its containers: one edit of the events near their end.
  // `<kbd>` makes it MDX: a page of Markdown alone goes to markdown-it (reads-as-markdown.ts).
  const section = (i: number) => `## Section ${i}\n\nText with \`code\`, <kbd>K</kbd> and [a link](/x).\n\n- one\n- two\n\n> quoted ${i}\n`;
  writeFileSync(file, Array.from({ length: sections }, (_, i) => section(i)).join('\n'));
  const links = { pageRoute: '/list', folderRoute: '', hrefPrefix: '', basePath: '' };
  const before = editMapWork.eventsMoved;
  await compilePage({ file, relativePath: 'list.mdx', format: 'mdx', grammarPath: '', moduleDir: dir, links, highlight: false });
  return editMapWork.eventsMoved - before;
}

describe('parsing an .mdx page costs work in proportion to its size', () => {
  test('a page twice as long moves at most about twice the events', async () => {
    const moved = await eventsMovedCompiling(200);
    const movedTwice = await eventsMovedCompiling(400);
    // Runs first: compilePage itself must have made micromark use the linear edit map.
    expect(moved).toBeGreaterThan(0);
    expect(movedTwice).toBeLessThanOrEqual(2 * moved + 1_000);
  });

  test('a change near the end of the events touches the events after it, not all of them', async () => {
    await useLinearEditMap();
    const small = await touchedByAnEditNearTheEnd(2_000);
    const large = await touchedByAnEditNearTheEnd(4_000);
    // Without the fix micromark copies the whole list: thousands of touches, doubling with the list.
    expect(small).toBeLessThan(50);
    expect(large).toBe(small);
  });
});
