import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islands } from 'docs-gen:islands';

/**
 * Hydrates each `<docs-island>` with its component. This module is itself a lazy chunk,
 * loaded only on pages that have islands, so React reaches the browser only there.
 */
export async function hydrateIslands(elements: Iterable<HTMLElement>): Promise<void> {
  for (const element of elements) {
    const name = element.dataset.island ?? '';
    const load = islands[name];
    if (!load) {
      console.error(`docs-gen: no island named ${name}`);
      continue;
    }
    const module = await load();
    hydrateRoot(element, createElement(module.default, JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>));
  }
}
