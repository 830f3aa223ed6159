import type { PageMapItem } from '../src/shared/types.ts';

/** Fields a test sets on top of the defaults of a page-map item. */
export type PageMapItemExtra = Partial<PageMapItem>;

/** A page-map item of an English doc page named `name`; `extra` overrides any field (kind, type, display, …). */
export const pageMapItem = (name: string, route: string, title: string, extra: PageMapItemExtra = {}): PageMapItem => ({
  kind: 'MdxPage',
  name,
  route,
  locale: 'en-US',
  title,
  type: 'doc',
  display: 'normal',
  ...extra,
});

/** A page-map item named after the last segment of its route (`index` for `/`). */
export const page = (route: string, title: string, extra: PageMapItemExtra = {}): PageMapItem =>
  pageMapItem(route.split('/').pop() || 'index', route, title, extra);
