import { compilePage, type CompileInput } from '../../../plugins/content-loader/compile-page.ts';
import { pageMarkdown, type PageMarkdownInput } from '../../../plugins/content-loader/page-markdown.ts';
import { prepareSite } from '../../../src/build/build.ts';
import type { PluginContext } from '../../../src/pipeline/plugin.ts';

/**
 * The content loader's context for the site at `root`, with no worker pool: its page compiles and
 * Markdown conversions run in the test's own thread, as a worker would run them, so a test can
 * spy on what they read.
 */
export async function inThreadContext(root: string, mode: PluginContext['mode']): Promise<PluginContext> {
  const { context } = await prepareSite(root, mode, () => {
    throw new Error('this test runs its tasks in its own thread');
  });
  return {
    ...context,
    compilePage: ({ input }) => compilePage(input as CompileInput),
    runInWorker: <Input, Output>({ input }: { input: Input }) => pageMarkdown(input as PageMarkdownInput) as Promise<Output>,
  };
}
