import { expect, test } from 'vitest';
import { BackgroundCompiler } from '../../../src/dev/background-compile.ts';
import type { DevSite } from '../../../src/dev/dev-site.ts';

/** A site whose store knows `pages` as pending; `onCompile` runs as each compile starts (a request or an edit meanwhile). */
function fakeSite(pages: string[], onCompile: (path: string, store: FakeStore) => void = () => {}) {
  const store = new FakeStore(pages, onCompile);
  const site = { store, pool: { size: 2 }, exclusive: (task: () => Promise<unknown>) => task(), refresh: async () => {} };
  return { site: site as unknown as DevSite, store };
}

class FakeStore {
  readonly current = new Set<string>();
  readonly compiled: string[] = [];
  listings = 0;
  constructor(
    readonly known: string[],
    private readonly onCompile: (path: string, store: FakeStore) => void,
  ) {}
  pending(): string[] {
    this.listings++;
    return this.known.filter((path) => !this.current.has(path));
  }
  isPending(path: string): boolean {
    return this.known.includes(path) && !this.current.has(path);
  }
  isCurrent(path: string): boolean {
    return this.current.has(path);
  }
  async compile(path: string): Promise<boolean> {
    this.onCompile(path, this);
    this.compiled.push(path);
    this.current.add(path);
    return true;
  }
}

const pages = Array.from({ length: 10 }, (_, i) => `content/p${i}.md`);

test('the background lists the pending pages once per pass, not once per batch, and compiles each once', async () => {
  const { site, store } = fakeSite(pages);
  const done: number[] = [];
  const compiler = new BackgroundCompiler(site, (count) => done.push(count));
  compiler.start();
  await compiler.idle();
  expect(store.compiled).toEqual(pages);
  // One pass over the ten pages, and the listing that finds none left.
  expect(store.listings).toBe(2);
  expect(done).toEqual([10]);
});

test('a page compiled meanwhile is skipped when its turn comes, and a page changed meanwhile is compiled again in the next pass', async () => {
  const { site, store } = fakeSite(pages, (path, fake) => {
    if (path !== 'content/p1.md') return;
    // While p1 compiles: a request compiles p7, and an edit makes p0 (compiled already) pending again.
    fake.current.add('content/p7.md');
    fake.current.delete('content/p0.md');
  });
  const compiler = new BackgroundCompiler(site, () => {});
  compiler.start();
  await compiler.idle();
  expect(store.compiled).toEqual([...pages.filter((path) => path !== 'content/p7.md'), 'content/p0.md']);
  expect(store.listings).toBe(3);
});
