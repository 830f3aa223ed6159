import { createElement, type ComponentType, type ReactNode } from 'react';

type Loaded<Props> = ComponentType<Props> | { default: ComponentType<Props> };

interface DynamicOptions {
  ssr?: boolean;
  loading?: ComponentType<{ isLoading?: boolean }> | (() => ReactNode);
}

/**
 * `next/dynamic` on a page rendered once on the server: the import starts when the page module
 * loads and has settled by the time the page renders (esbuild bundles it into the page), so the
 * component renders in place. `ssr: false` means "browser only": its `loading` stand-in renders.
 */
export default function dynamic<Props extends object>(load: (() => Promise<Loaded<Props>>) | Promise<Loaded<Props>>, options: DynamicOptions = {}): ComponentType<Props> {
  let component: ComponentType<Props> | undefined;
  if (options.ssr !== false) {
    void (typeof load === 'function' ? load() : load).then((loaded) => {
      component = typeof loaded === 'function' ? loaded : (loaded as { default: ComponentType<Props> }).default;
    });
  }
  return function DynamicComponent(props: Props) {
    if (component) return createElement(component, props);
    return options.loading ? createElement(options.loading as ComponentType<{ isLoading?: boolean }>, { isLoading: true }) : null;
  };
}
