import { createElement, type ComponentType } from 'react';
import { reactServer } from '../../src/shared/static-markup.ts';

/**
 * Wraps an island component for the server render: its HTML inside `<docs-island>`, with its
 * name and props for the client to hydrate. `renderToString` (not static markup) so that
 * hydration finds exactly what React expects.
 */
export function islandComponent(name: string, Component: ComponentType<Record<string, unknown>>): ComponentType<Record<string, unknown>> {
  function Island(props: Record<string, unknown>) {
    const { children: _children, ...serialisable } = props;
    return createElement('docs-island', {
      'data-island': name,
      'data-props': JSON.stringify(serialisable),
      dangerouslySetInnerHTML: { __html: reactServer().renderToString(createElement(Component, serialisable)) },
    });
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
