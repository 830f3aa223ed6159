/** `next/router`'s `useRouter()` for a page rendered once, at build time: the route is known, navigation is a link. */
import { useRouteData } from 'docs-gen/theme';

export interface StaticRouter {
  route: string;
  pathname: string;
  asPath: string;
  basePath: string;
  locale: string;
  locales: string[];
  defaultLocale: string;
  query: Record<string, string>;
  isReady: boolean;
  isFallback: boolean;
  push(url: string): Promise<boolean>;
  replace(url: string): Promise<boolean>;
  prefetch(url: string): Promise<void>;
  back(): void;
  reload(): void;
  events: { on(): void; off(): void; emit(): void };
}

export function useRouter(): StaticRouter {
  const data = useRouteData();
  const locales = data.config.locales.map((l) => l.locale);
  const nothing = () => {};
  return {
    route: data.route,
    pathname: data.route,
    asPath: data.route,
    basePath: data.config.basePath,
    locale: data.locale,
    locales,
    defaultLocale: data.config.defaultLocale,
    query: {},
    isReady: true,
    isFallback: false,
    push: async () => false,
    replace: async () => false,
    prefetch: async () => {},
    back: nothing,
    reload: nothing,
    events: { on: nothing, off: nothing, emit: nothing },
  };
}

/** `next/navigation`'s hooks. */
export function usePathname(): string {
  return useRouteData().route;
}

export function useSearchParams(): URLSearchParams {
  return new URLSearchParams();
}

export default { useRouter };
