/**
 * Worker task: loads modules ahead of their first task, so the first page a writer asks for does
 * not wait for the MDX compiler, the highlighter and React to load (a few hundred ms, cold).
 * Node caches modules per thread, so the real task's import is then immediate. A module that
 * exports `warmThread` has it run once loaded (the render worker's: what a first render pays for once).
 */
export async function warmUp(moduleUrls: string[]): Promise<void> {
  const modules = (await Promise.all(moduleUrls.map((url) => import(url)))) as { warmThread?: () => void }[];
  for (const { warmThread } of modules) if (typeof warmThread === 'function') warmThread();
}
