// What a render task carries of its page's code: where the code is, when the compile cache holds
// it and nothing changed it since, so that the thread that posts the task neither reads nor copies it.
import { describe, expect, test, vi } from 'vitest';
import { CODE_UNREADABLE, lazyCompiledPage } from '../../../src/build/compiled-keys.ts';
import { renderInPool } from '../../../src/build/render-in-pool.ts';
import type { RenderInput, RenderOutput } from '../../../src/build/render-worker.tsx';
import type { RouteDefinition } from '../../../src/pipeline/plugin.ts';
import type { WorkerPool } from '../../../src/pipeline/worker-pool.ts';
import type { PayloadPart } from '../../../src/util/cache-entry.ts';

const place: PayloadPart = { file: '/cache/compiled/abc.compiled', pack: '/cache/compiled/w-1.pack', start: 120, length: 42 };
const CODE = '<p>The page.</p>';

/** A page as the compile cache gives it: its code read when asked for (counted), from `place` when one is given. */
function cachedPage(where: PayloadPart | undefined) {
  const readCode = vi.fn(() => CODE);
  const compiled = lazyCompiledPage({ kind: 'html', code: null, positions: undefined }, readCode, { place: where });
  const definition: RouteDefinition = { route: '/guide', title: 'Guide', sourcePath: 'content/guide.md', content: { type: 'mdx', compiled } };
  return { definition, readCode };
}

/** A pool that records each task's input (as the worker would receive it: a structured clone) and answers with `answer`. */
function recordingPool(answer: (input: RenderInput, call: number) => Promise<RenderOutput>) {
  const inputs: RenderInput[] = [];
  const pool = {
    run: async (task: { input: RenderInput }) => {
      const input = structuredClone(task.input);
      inputs.push(input);
      return answer(input, inputs.length);
    },
  } as unknown as WorkerPool;
  return { pool, inputs };
}

const rendered: RenderOutput = { outputPath: 'guide/index.html' };
const options = { root: '/site', outDir: '/site/out', write: true };

describe('a render task', () => {
  test("of a page whose code the compile cache holds carries the code's place, and the code is never read here", async () => {
    const { definition, readCode } = cachedPage(place);
    const { pool, inputs } = recordingPool(async () => rendered);
    expect(await renderInPool(pool, { definition, ...options }, 1000)).toEqual(rendered);
    expect(inputs).toHaveLength(1);
    expect(inputs[0]!.codeAt).toEqual(place);
    expect(inputs[0]!.definition.content).toEqual({ type: 'mdx', compiled: { kind: 'html', code: '', positions: undefined } });
    expect(readCode).not.toHaveBeenCalled();
  });

  test('whose worker cannot read the code there (its pack removed) is sent again with the code read here', async () => {
    const { definition, readCode } = cachedPage(place);
    const { pool, inputs } = recordingPool(async (_input, call) => {
      if (call === 1) throw Object.assign(new Error('gone'), { name: CODE_UNREADABLE });
      return rendered;
    });
    expect(await renderInPool(pool, { definition, ...options }, 1000)).toEqual(rendered);
    expect(inputs.map((input) => input.codeAt)).toEqual([place, undefined]);
    expect(inputs[1]!.definition.content).toEqual({ type: 'mdx', compiled: { kind: 'html', code: CODE, positions: undefined } });
    expect(readCode).toHaveBeenCalledTimes(1);
  });

  test('whose worker fails otherwise is not sent again', async () => {
    const { definition } = cachedPage(place);
    const { pool, inputs } = recordingPool(async () => {
      throw new Error('the page threw');
    });
    await expect(renderInPool(pool, { definition, ...options }, 1000)).rejects.toThrow('the page threw');
    expect(inputs).toHaveLength(1);
  });

  test('of a page whose code a plugin set carries that code', async () => {
    const { definition, readCode } = cachedPage(place);
    if (definition.content.type === 'mdx') definition.content.compiled.code = '<p>Rewritten.</p>';
    const { pool, inputs } = recordingPool(async () => rendered);
    await renderInPool(pool, { definition, ...options }, 1000);
    expect(inputs[0]!.codeAt).toBeUndefined();
    expect(inputs[0]!.definition.content).toEqual({ type: 'mdx', compiled: { kind: 'html', code: '<p>Rewritten.</p>', positions: undefined } });
    expect(readCode).not.toHaveBeenCalled();
  });

  test('of a page read lazily from no known place reads the code here, and an error reading it is the page’s', async () => {
    const { definition, readCode } = cachedPage(undefined);
    const { pool, inputs } = recordingPool(async () => rendered);
    await renderInPool(pool, { definition, ...options }, 1000);
    expect(inputs[0]!.codeAt).toBeUndefined();
    expect(readCode).toHaveBeenCalledTimes(1);

    const failing = cachedPage(undefined);
    failing.readCode.mockImplementation(() => {
      throw new Error('the compile cache lost it');
    });
    const error = await renderInPool(pool, { definition: failing.definition, ...options }, 1000).catch((caught: unknown) => caught);
    expect((error as { diagnostics?: unknown }).diagnostics).toEqual([
      { severity: 'error', code: 'render-failed', message: 'Rendering /guide failed: the compile cache lost it', file: 'content/guide.md' },
    ]);
  });
});
