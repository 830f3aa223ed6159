import { z } from 'zod';
import { isSafeHref } from 'docs-gen';

/**
 * A navigation href: http(s), mailto or a path. Anything else (`javascript:`) would be a live
 * link in every page's sidebar; the issue is marked so `readMeta` can name it.
 */
const href = z.string().refine(isSafeHref, { params: { unsafeHref: true } });

const themeOptions = z.strictObject({
  breadcrumb: z.boolean().optional(),
  collapsed: z.boolean().optional(),
  footer: z.boolean().optional(),
  layout: z.enum(['default', 'full', 'raw']).optional(),
  navbar: z.boolean().optional(),
  pagination: z.boolean().optional(),
  sidebar: z.boolean().optional(),
  timestamp: z.boolean().optional(),
  toc: z.boolean().optional(),
  typesetting: z.enum(['default', 'article']).optional(),
});

/** A sidebar label: a NUL byte in it is never meant (and breaks the HTML's text). */
const title = z.string().refine((value) => !value.includes('\u0000'), 'A _meta title must not contain NUL characters');

const menuEntry = z.strictObject({
  title,
  href,
  newWindow: z.boolean().optional(),
});

/** An item object (Nextra-compatible). */
const metaObjectSchema = z.strictObject({
  title: title.optional(),
  /** `folder` (Nextra 3) is a folder's entry, as a `doc`. */
  type: z.enum(['page', 'doc', 'menu', 'separator', 'folder']).optional(),
  display: z.enum(['normal', 'hidden', 'children']).optional(),
  theme: themeOptions.optional(),
  href: href.optional(),
  newWindow: z.boolean().optional(),
  items: z.record(z.string(), menuEntry).optional(),
  /** Nextra 3: the folder's own entries, written in its parent's `_meta` instead of a `_meta` inside it. */
  get children() {
    return z.record(z.string(), z.union([title, metaObjectSchema])).optional();
  },
});

/** One `_meta` entry: a label, or an item object (Nextra-compatible). */
export const metaItemSchema = z.union([title, metaObjectSchema]);

export const metaSchema = z.record(z.string(), metaItemSchema);

export type MetaItem = z.output<typeof metaItemSchema>;
export type MetaObject = Exclude<MetaItem, string>;
export type MetaFile = z.output<typeof metaSchema>;
