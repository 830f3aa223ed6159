/**
 * Worker task: loads modules ahead of their first task, so the first page a writer asks for does
 * not wait for the MDX compiler, the highlighter and React to load (a few hundred ms, cold).
 * Node caches modules per thread, so the real task's import is then immediate.
 */
export async function warmUp(moduleUrls: string[]): Promise<void> {
  await Promise.all(moduleUrls.map((url) => import(url)));
}
