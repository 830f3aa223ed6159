import { DiagnosticError } from '../diagnostics/diagnostic.ts';
import type { RenderedPage, RouteDefinition } from '../pipeline/plugin.ts';
import { TaskTimeoutError, type RunOptions, type WorkerPool } from '../pipeline/worker-pool.ts';
import { distUrl } from '../util/dist-path.ts';
import type { RenderInput, RenderOutput } from './render-worker.tsx';
import { renderedPart, type RenderedDefinition } from './route-data.ts';
import { CODE_UNREADABLE, lazyCodePlace } from './compiled-keys.ts';

/**
 * One route rendered in the pool, bounded by the config's `evaluationTimeoutMs`: a page whose
 * expression never ends (`{(() => { while (true) {} })()}`) is an `evaluation-timeout` error at
 * its file, and the worker that ran it is replaced, so `build` fails and `dev` keeps serving.
 * `postedAhead` is the task's depth in the pool (`RunOptions.postedAhead`): a build's, not dev's.
 */
export async function renderInPool(pool: WorkerPool, input: RenderInput, timeoutMs: number, postedAhead?: RunOptions['postedAhead']): Promise<RenderOutput> {
  const run = (task: RenderInput) => pool.run<RenderInput, RenderOutput>({ moduleUrl: distUrl('src/build/render-worker.js'), exportName: 'renderRoute', input: task }, { timeoutMs, postedAhead });
  try {
    const definition = renderedPart(input.definition);
    const codeAt = input.definition.content.type === 'mdx' ? lazyCodePlace(input.definition.content.compiled) : undefined;
    if (codeAt) {
      try {
        return await run({ ...input, definition: withoutCode(definition), codeAt });
      } catch (error) {
        // Its pack went since this thread looked the page up (the cache cleared while the build
        // ran): read here, from the pack this thread has open, and sent.
        if ((error as Error).name !== CODE_UNREADABLE) throw error;
      }
    }
    readCodeHere(input.definition);
    return await run({ ...input, definition });
  } catch (error) {
    if (!(error instanceof TaskTimeoutError)) throw error;
    const { definition } = input;
    throw new DiagnosticError([
      {
        severity: 'error',
        code: 'evaluation-timeout',
        message: `Rendering ${definition.route} did not finish within ${timeoutMs} ms: is there an endless loop in the page's code?`,
        file: definition.sourcePath,
        hint: 'a page that is just slow can be given longer with `evaluationTimeoutMs` in the config',
      },
    ]);
  }
}

/**
 * Reads a page's code from the compile cache (when it is read lazily) before its task is posted:
 * the copy for the worker would read it where an error has nowhere to go. A pack lost while the
 * build ran is an error at the page.
 */
function readCodeHere(definition: RouteDefinition): void {
  if (definition.content.type !== 'mdx') return;
  try {
    void definition.content.compiled.code;
  } catch (error) {
    throw new DiagnosticError([{ severity: 'error', code: 'render-failed', message: `Rendering ${definition.route} failed: ${(error as Error).message}`, file: definition.sourcePath }]);
  }
}

/** The definition with its compiled page's `code` empty, and not read: a copy of the page's object would read it (compiled-keys.ts). */
function withoutCode(definition: RenderedDefinition): RenderedDefinition {
  if (definition.content.type !== 'mdx') return definition;
  const { compiled } = definition.content;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(compiled)) copy[key] = key === 'code' ? '' : compiled[key as keyof typeof compiled];
  return { ...definition, content: { ...definition.content, compiled: copy as unknown as typeof compiled } };
}

/** The page as `transformPage` gets it, from a render that handed its HTML back (`write: false`). */
export function pageToTransform(output: RenderOutput, definition: RouteDefinition, defaultLocale: string): RenderedPage {
  if (!output.page) throw new Error(`${output.outputPath} came back without its HTML`);
  return { route: definition.route, locale: definition.locale ?? defaultLocale, outputPath: output.outputPath, ...output.page };
}
