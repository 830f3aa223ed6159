/**
 * Rel outputs the build could not render (an external `src`) arrive in the loading state; this
 * chunk fetches and shows them. The decoder (apache-arrow) is a chunk of its own, loaded only
 * when such an output is on the page: outputs the build rendered need no JavaScript at all.
 */
import { outputMessages } from '../mdx/rel-output/messages.ts';
import type { ClientStrings } from '../../src/shared/ui-strings.ts';

export type OutputState = 'loading' | 'failed' | 'displayed';

/** Puts a viewer in `state` with a status line (loading, failed) or nothing else (displayed). */
export function showOutputState(element: HTMLElement, state: OutputState, message?: string): void {
  element.dataset.state = state;
  if (state === 'loading') element.setAttribute('aria-busy', 'true');
  else element.removeAttribute('aria-busy');
  if (message === undefined) return;
  const status = document.createElement('p');
  status.className = 'rel-output-status';
  status.setAttribute('role', state === 'failed' ? 'alert' : 'status');
  status.textContent = message;
  element.replaceChildren(status);
}

/** `strings`: the page's, as the first script read them (`page-strings.ts`). */
export async function loadRelOutputs(elements: Iterable<HTMLElement>, strings: ClientStrings): Promise<void> {
  let viewer: typeof import('./rel-output-viewer.ts');
  try {
    viewer = await import('./rel-output-viewer.ts');
  } catch {
    for (const element of elements) showOutputState(element, 'failed', outputMessages(strings).browserFailure(element.dataset.src ?? ''));
    return;
  }
  await Promise.all([...elements].map((element) => viewer.displayOutput(element, strings)));
}
