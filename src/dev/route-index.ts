import { localizedRoute } from '../content/content-route.ts';
import type { RouteDefinition } from '../pipeline/plugin.ts';

/**
 * The route URL (`urlOf`'s spelling) a request's URL path (no base path) stands for: decoded, and
 * `/a/`, `/a/index.html` and `/a.html` all as `/a`. Undefined when the path does not decode.
 */
export function routeUrlOf(urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  path = path.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path || '/';
}

/**
 * Which route a URL path (without the base path) shows, as the built site's clean URLs do:
 * `/a`, `/a/`, `/a/index.html` and `/a.html` alike; other locales under their prefix.
 */
export class RouteIndex {
  private readonly byUrl: Map<string, RouteDefinition>;

  constructor(
    routes: RouteDefinition[],
    private readonly defaultLocale: string,
  ) {
    this.byUrl = new Map(routes.map((r) => [this.urlOf(r), r]));
  }

  /** The URL path of a route (no base path). */
  urlOf(route: RouteDefinition): string {
    return localizedRoute(route.route, route.locale ?? this.defaultLocale, this.defaultLocale);
  }

  /** The route now at `route`'s URL: itself, a newer version of it, or undefined when it is gone. */
  current(route: RouteDefinition): RouteDefinition | undefined {
    return this.byUrl.get(this.urlOf(route));
  }

  at(urlPath: string): RouteDefinition | undefined {
    const path = routeUrlOf(urlPath);
    return path === undefined ? undefined : this.byUrl.get(path);
  }

  /** The 404 page of the locale the path is in (the default locale's otherwise). */
  notFound(urlPath: string): RouteDefinition | undefined {
    const locale = urlPath.split('/')[1];
    return (locale && this.byUrl.get(`/${locale}/404`)) || this.byUrl.get('/404');
  }
}
