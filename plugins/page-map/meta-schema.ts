import * as z from 'zod/mini';
import { isSafeHref } from 'docs-gen';

// zod's classic defaults, before the first schema is made (src/config/schema.ts says why).
if (!z.config().localeError) z.config(z.locales.en());
if (!z.config().memoizer) z.config({ memoizer: z.memoizer() });

/**
 * A navigation href: http(s), mailto or a path. Anything else (`javascript:`) would be a live
 * link in every page's sidebar; the issue is marked so `readMeta` can name it.
 */
const href = z.string().check(z.refine(isSafeHref, { params: { unsafeHref: true } }));

const themeOptions = z.strictObject({
  breadcrumb: z.optional(z.boolean()),
  collapsed: z.optional(z.boolean()),
  footer: z.optional(z.boolean()),
  layout: z.optional(z.enum(['default', 'full', 'raw'])),
  navbar: z.optional(z.boolean()),
  pagination: z.optional(z.boolean()),
  sidebar: z.optional(z.boolean()),
  timestamp: z.optional(z.boolean()),
  toc: z.optional(z.boolean()),
  typesetting: z.optional(z.enum(['default', 'article'])),
});

/** A sidebar label: a NUL byte in it is never meant (and breaks the HTML's text). */
const title = z.string().check(z.refine((value) => !value.includes('\u0000'), 'A _meta title must not contain NUL characters'));

const menuEntry = z.strictObject({
  title,
  href,
  newWindow: z.optional(z.boolean()),
});

/** An item object (Nextra-compatible). */
const metaObjectSchema = z.strictObject({
  title: z.optional(title),
  /** `folder` (Nextra 3) is a folder's entry, as a `doc`. */
  type: z.optional(z.enum(['page', 'doc', 'menu', 'separator', 'folder'])),
  display: z.optional(z.enum(['normal', 'hidden', 'children'])),
  theme: z.optional(themeOptions),
  href: z.optional(href),
  newWindow: z.optional(z.boolean()),
  items: z.optional(z.record(z.string(), menuEntry)),
  /** Nextra 3: the folder's own entries, written in its parent's `_meta` instead of a `_meta` inside it. */
  get children() {
    return z.optional(z.record(z.string(), z.union([title, metaObjectSchema])));
  },
});

/** One `_meta` entry: a label, or an item object (Nextra-compatible). */
export const metaItemSchema = z.union([title, metaObjectSchema]);

export const metaSchema = z.record(z.string(), metaItemSchema);

export type MetaItem = z.output<typeof metaItemSchema>;
export type MetaObject = Exclude<MetaItem, string>;
export type MetaFile = z.output<typeof metaSchema>;
