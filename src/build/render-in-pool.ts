import { DiagnosticError } from '../diagnostics/diagnostic.ts';
import type { RenderedPage, RouteDefinition } from '../pipeline/plugin.ts';
import { TaskTimeoutError, type WorkerPool } from '../pipeline/worker-pool.ts';
import { distUrl } from '../util/dist-path.ts';
import type { RenderInput, RenderOutput } from './render-worker.tsx';
import { renderedPart } from './route-data.ts';

/**
 * One route rendered in the pool, bounded by the config's `evaluationTimeoutMs`: a page whose
 * expression never ends (`{(() => { while (true) {} })()}`) is an `evaluation-timeout` error at
 * its file, and the worker that ran it is replaced, so `build` fails and `dev` keeps serving.
 */
export async function renderInPool(pool: WorkerPool, input: RenderInput, timeoutMs: number): Promise<RenderOutput> {
  try {
    return await pool.run<RenderInput, RenderOutput>({ moduleUrl: distUrl('src/build/render-worker.js'), exportName: 'renderRoute', input: { ...input, definition: renderedPart(input.definition) } }, { timeoutMs });
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

/** The page as `transformPage` gets it, from a render that handed its HTML back (`write: false`). */
export function pageToTransform(output: RenderOutput, definition: RouteDefinition, defaultLocale: string): RenderedPage {
  if (!output.page) throw new Error(`${output.outputPath} came back without its HTML`);
  return { route: definition.route, locale: definition.locale ?? defaultLocale, outputPath: output.outputPath, ...output.page };
}
