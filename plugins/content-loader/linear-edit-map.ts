import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Event } from 'micromark-util-types';

/** One batched change of micromark's `EditMap`: at `index`, remove `remove` events, insert `add`. */
export type EventChange = [index: number, remove: number, add: Event[]];

/** Work done by `consumeEdits` since the process started: the parse tests read it to see that work grows with the page. */
export const editMapWork = { eventsMoved: 0 };

/**
 * Applies `changes` to `events` in place, touching only the events from the first change on.
 *
 * micromark's own `EditMap.consume` copies the whole event list on every call, and its document
 * tokenizer calls it each time a container (list item, block quote) closes, with the change near
 * the end: a page of n list items cost n × (all events so far), quadratic in the page's size
 * (a 5 MB `.mdx` page took 138 s). The events before the first change stay where they are; the
 * result is the same list.
 */
export function consumeEdits(changes: EventChange[], events: Event[]): void {
  if (changes.length === 0) return;
  changes.sort((a, b) => a[0] - b[0]);
  const first = changes[0]![0];
  const rebuilt: Event[] = [];
  let from = first;
  for (const [index, remove, add] of changes) {
    for (let i = from; i < index; i++) rebuilt.push(events[i]!);
    for (const event of add) rebuilt.push(event);
    from = index + remove;
  }
  for (let i = from; i < events.length; i++) rebuilt.push(events[i]!);
  events.length = first;
  for (const event of rebuilt) events.push(event);
  editMapWork.eventsMoved += rebuilt.length;
}

interface EditMapInstance {
  map: EventChange[];
  index: Map<number, EventChange>;
  add(index: number, remove: number, add: Event[]): void;
  consume(events: Event[]): void;
}

/** The class micromark's tokenizers batch their changes with. */
export interface EditMapClass {
  new (): EditMapInstance;
  prototype: EditMapInstance;
}

/**
 * In dist/, micromark is bundled with the MDX compiler into dist/vendor/, and its `EditMap` is
 * exported from there as one instance with it (scripts/build-tool.mjs): the copy in node_modules
 * is one micromark never uses there.
 */
const VENDORED_EDIT_MAP = new URL('../../vendor/micromark-util-edit-map.js', import.meta.url);

/**
 * micromark's `EditMap`: the vendored one in dist/, else found from micromark's own folder as
 * micromark finds it. A bare import here could resolve another copy or export condition (its
 * `development` build under vitest) and give a class micromark never uses.
 */
export async function micromarkEditMap(): Promise<EditMapClass> {
  if (existsSync(fileURLToPath(VENDORED_EDIT_MAP))) return ((await import(VENDORED_EDIT_MAP.href)) as { EditMap: EditMapClass }).EditMap;
  // The chain MDX parses through: @mdx-js/mdx → remark-parse → mdast-util-from-markdown → micromark.
  let from = import.meta.url;
  for (const name of ['@mdx-js/mdx', 'remark-parse', 'mdast-util-from-markdown', 'micromark', 'micromark-util-edit-map']) {
    from = pathToFileURL(createRequire(from).resolve(name)).href;
  }
  return ((await import(from)) as { EditMap: EditMapClass }).EditMap;
}

let installed: Promise<void> | undefined;

/** Makes micromark's `EditMap` apply its changes with `consumeEdits`; once per process. */
export function useLinearEditMap(): Promise<void> {
  installed ??= micromarkEditMap().then((EditMap) => {
    EditMap.prototype.consume = function consume(this: EditMapInstance, events: Event[]): void {
      consumeEdits(this.map, events);
      this.map.length = 0;
      this.index.clear();
    };
  });
  return installed;
}
