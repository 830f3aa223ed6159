import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { prestartCompilers } from '../../../src/build/build.ts';
import type { WorkerTask } from '../../../src/pipeline/worker-pool.ts';
import { tempSite } from '../../helpers.ts';

/** A pool of two that records what it is asked to start. */
function recordingPool() {
  const asked: { count: number; warmUp: WorkerTask }[] = [];
  return { size: 2, asked, prestart: (count: number, warmUp: WorkerTask) => void asked.push({ count, warmUp }) };
}

const pages = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`content/${i % 2 ? 'guide/' : ''}page-${i}.${i % 3 ? 'md' : 'mdx'}`, `# Page ${i}\n`]));
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));
const site = (files: Record<string, string>) => {
  const made = tempSite({ 'docs-gen.config.ts': 'export default {};\n', ...files });
  cleanups.push(made.cleanup);
  return made.root;
};

describe('a build that will compile its pages starts its workers as it starts', () => {
  test('every worker for a site of 16 pages or more, each loading the Markdown compiler', () => {
    const pool = recordingPool();
    expect(prestartCompilers(pool, site(pages(16)), true)).toBe(true);
    expect(pool.asked).toEqual([{ count: 2, warmUp: expect.objectContaining({ exportName: 'warmUpMarkdown' }) }]);
    expect(pool.asked[0]!.warmUp.moduleUrl).toMatch(/\/plugins\/content-loader\/compile-page\.js$/);
  });

  test('one for fewer pages, none for none', () => {
    const few = recordingPool();
    expect(prestartCompilers(few, site({ ...pages(15), 'content/notes.txt': 'not a page' }), true)).toBe(true);
    expect(few.asked.map((a) => a.count)).toEqual([1]);
    const none = recordingPool();
    expect(prestartCompilers(none, site({ 'content/notes.txt': 'not a page' }), true)).toBe(false);
    expect(none.asked).toEqual([]);
  });

  test('none when the compile cache is there (a build may compile nothing), unless the build reads no cache', () => {
    const root = site(pages(20));
    mkdirSync(join(root, '.docs-gen-cache', 'compiled'), { recursive: true });
    writeFileSync(join(root, '.docs-gen-cache', 'compiled', 'entry.compiled'), '');
    const cached = recordingPool();
    expect(prestartCompilers(cached, root, true)).toBe(false);
    expect(cached.asked).toEqual([]);
    const uncached = recordingPool();
    expect(prestartCompilers(uncached, root, false)).toBe(true);
    expect(uncached.asked.map((a) => a.count)).toEqual([2]);
  });

  test('none for a site without the default content folder (its config names another: started on demand)', () => {
    const pool = recordingPool();
    expect(prestartCompilers(pool, site({ 'docs/index.md': '# Home\n' }), true)).toBe(false);
    expect(pool.asked).toEqual([]);
  });
});
