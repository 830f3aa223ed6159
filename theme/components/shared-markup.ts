import type { ReactElement } from 'react';
import { frameMarkup } from '../../src/shared/static-markup.ts';

/**
 * A keeper of markup that is the same on every page made from the same objects (the navbar of a
 * locale, the footer's theme switch): rendered once per worker for them, and set as its parent
 * element's inner HTML, which is the markup React would write there. React's render of the page's
 * frame is most of a page's render, and these were a sixth of its elements. Each use makes a
 * keeper of its own; `owner` is the object the markup follows from (kept weakly), `inputs` the
 * others, each compared by identity.
 */
export function sharedMarkup(): (owner: object, inputs: readonly unknown[], render: () => ReactElement) => string {
  const kept = new WeakMap<object, { inputs: readonly unknown[]; html: string }>();
  return (owner, inputs, render) => {
    const found = kept.get(owner);
    if (found && found.inputs.length === inputs.length && found.inputs.every((input, i) => input === inputs[i])) return found.html;
    const html = frameMarkup(render());
    kept.set(owner, { inputs, html });
    return html;
  };
}
