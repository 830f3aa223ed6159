// dist/vendor/zod.js keeps zod's English messages alone (scripts/build-tool.mjs): `z.locales` holds `en` only there.
import { z } from 'zod';
import { unsupportedRedirect } from '../shared/redirect-rules.ts';
import { hasOddSpelling } from '../pipeline/output-files.ts';
import { COPYRIGHT_YEAR, DEFAULT_EVALUATION_TIMEOUT_MS } from './config-constants.ts';

const httpsUrl = (message: string) =>
  z.string().refine((value) => /^https:\/\/[^\s/]+/.test(value), { message });

const link = z.strictObject({
  /** Link text. */
  text: z.string(),
  /** Absolute URL or site route. */
  href: z.string(),
});

const menuEntry = z.strictObject({
  title: z.string(),
  href: z.string(),
  newWindow: z.boolean().optional(),
});

const navItem = z.strictObject({
  title: z.string(),
  /** A plain navbar link. */
  href: z.string().optional(),
  newWindow: z.boolean().optional(),
  /** A dropdown menu's entries. */
  items: z.array(menuEntry).optional(),
});

const locale = z.strictObject({
  /** BCP 47 tag, e.g. `en-US`. */
  locale: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a locale tag such as en-US'),
  /** Label in the language switcher. */
  text: z.string(),
  /** @default 'ltr' */
  direction: z.enum(['ltr', 'rtl']).default('ltr'),
  /** This locale's table-of-contents title, over `toc.title` and the theme's dictionary. */
  toc: z.strictObject({ title: z.string() }).optional(),
  /** This locale's search placeholder, over `search.placeholder` and the theme's dictionary. */
  search: z.strictObject({ placeholder: z.string() }).optional(),
  /** This locale's banner text (Markdown links allowed), over `banner.content`; `false` shows no banner in this locale. */
  banner: z.union([z.strictObject({ content: z.string() }), z.literal(false)]).optional(),
});

/**
 * A plugin object, checked loosely here (functions are not data) and strictly by the
 * pipeline, which knows the hook names.
 */
const pluginValue = z.custom<import('../pipeline/plugin.ts').Plugin>(
  (value) => typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string',
  { message: 'must be a plugin object with a string `name` (call the plugin factory: `myPlugin()`)' },
);

/** The `docs-gen.config.ts` schema: the single source of the user and resolved config types. */
export const configSchema = z.strictObject({
  /** Site title, used in the navbar and as the title of pages without one. @default 'Documentation' */
  title: z.string().default('Documentation'),
  /** `%s` is replaced by the page title. @default '%s - documentation' */
  titleTemplate: z
    .string()
    .refine((value) => value.includes('%s'), { message: 'must contain %s where the page title goes' })
    .default('%s - documentation'),
  /** Default page description. @default '' */
  description: z.string().default(''),
  /** Absolute origin of the deployed site, for canonical links and sitemap.xml. */
  siteUrl: httpsUrl('must be an absolute https:// URL').optional(),
  /** Path the site is served under, e.g. `/docs`. @default '' */
  basePath: z
    .string()
    .regex(/^(\/[A-Za-z0-9._~-]+)*$/, 'must be empty or start with / and not end with /')
    .default(''),
  /** Folder of MDX pages, relative to the root. @default 'content' */
  contentDir: z.string().default('content'),
  /** Folder copied as-is into the output. @default 'public' */
  publicDir: z.string().default('public'),
  logo: z
    .strictObject({
      /** Logo for light mode (a public path). */
      light: z.string().optional(),
      /** Logo for dark mode. @default the light logo */
      dark: z.string().optional(),
      alt: z.string().optional(),
      /** Where the logo mark links: the company site. @default '/' */
      companyHref: z.string().default('/'),
      /** Where the wordmark links: the docs home. @default '/' */
      docsHref: z.string().default('/'),
    })
    .prefault({}),
  /** Icon of the site (a public path), e.g. `/favicon.svg`. */
  favicon: z.string().optional(),
  navbar: z.strictObject({ items: z.array(navItem).default([]) }).prefault({}),
  banner: z
    .strictObject({
      /** Local storage key remembering the dismissal. @default 'nextra-banner' */
      key: z.string().default('nextra-banner'),
      /** Banner text (Markdown links allowed: `[text](href)`). */
      content: z.string(),
      /** @default true */
      dismissible: z.boolean().default(true),
    })
    .optional(),
  footer: z
    .strictObject({
      /** @default '© {year} Documentation' */
      copyright: z.string().default(`© ${COPYRIGHT_YEAR} Documentation`),
      privacyPolicy: link.optional(),
      productUpdates: link.optional(),
    })
    .prefault({}),
  /** Languages of the site. @default [{ locale: 'en-US', text: 'English', direction: 'ltr' }] */
  locales: z.array(locale).min(1).default([{ locale: 'en-US', text: 'English', direction: 'ltr' }]),
  /** @default 'en-US' */
  defaultLocale: z.string().default('en-US'),
  /** @default 'system' */
  defaultTheme: z.enum(['light', 'dark', 'system']).default('system'),
  /** Hue of the accent colour. @default { dark: 204, light: 212 } */
  primaryHue: z
    .strictObject({
      dark: z.number().min(0).max(360).default(204),
      light: z.number().min(0).max(360).default(212),
    })
    .prefault({}),
  sidebar: z
    .strictObject({
      /** Folders at this depth and deeper start collapsed. @default 2 */
      defaultMenuCollapseLevel: z
        .number()
        .int('must be an integer of at least 1')
        .min(1, 'must be an integer of at least 1')
        .default(2),
      /** Show the button that hides the sidebar. @default true */
      toggleButton: z.boolean().default(true),
    })
    .prefault({}),
  toc: z
    .strictObject({
      /** The title in every locale without its own (`locales[].toc.title`). @default the theme's dictionary: 'On This Page', 'Sur cette page'… */
      title: z.string().optional(),
      /** @default true */
      float: z.boolean().default(true),
    })
    .prefault({}),
  search: z
    .strictObject({
      /** @default true */
      enabled: z.boolean().default(true),
      /** The placeholder in every locale without its own (`locales[].search.placeholder`). @default the theme's dictionary: 'Search documentation…', 'Rechercher dans la documentation…'… */
      placeholder: z.string().optional(),
      /**
       * The hosted search service behind the search modal (seed §7). Without it the modal
       * searches the local index, so every site has one.
       */
      hosted: z
        .strictObject({
          /** The service's application id. */
          appId: z.string().min(1),
          /** The public, search-only key: it is sent from every reader's browser. */
          apiKey: z.string().min(1),
          /** The index to search. */
          indexName: z.string().min(1),
          /**
           * Origins asked in order, the next one when a host fails. Defaults to the service's
           * own: `https://{appId}-dsn.algolia.net`, then `https://{appId}-1…3.algolianet.com`.
           */
          hosts: z.array(z.string().regex(/^https?:\/\/[^\s/]+$/, 'must be an origin such as https://example.com')).min(1).optional(),
        })
        .optional(),
      /**
       * Where the modal's 'Let us know.' link (no results) points; `{query}` is replaced by the
       * URL-encoded query. Without it the link is not shown.
       */
      missingResultsUrl: z.string().optional(),
    })
    .prefault({}),
  feedback: z
    .strictObject({
      /** @default true */
      enabled: z.boolean().default(true),
      /** The question in every locale. @default the theme's dictionary: 'Was this doc helpful?', 'Cette page vous a-t-elle été utile ?'… */
      question: z.string().optional(),
      /** Log endpoint receiving `{message, helpful, url, referrer, session_id}` as a POST. */
      endpoint: httpsUrl('must be an absolute https:// URL').optional(),
    })
    .prefault({}),
  /**
   * Real-user monitoring (seed §1). Off until `scriptSrc` is set; then every page loads that
   * script `async` with `data-sample-rate` for it to read. @default {}
   */
  monitoring: z
    .strictObject({
      /** URL of a real-user-monitoring script, loaded async on every page. @default undefined (off) */
      scriptSrc: z.string().optional(),
      /** Percentage of sessions sampled, 0 to 100 (the seed's rate is 100). @default 100 */
      sampleRate: z.number().min(0).max(100).default(100),
    })
    .prefault({}),
  /**
   * Adds a Content-Security-Policy to every built page (a `<meta http-equiv>` tag, so it works
   * on any static host): scripts only from the site itself (and `monitoring.scriptSrc`'s origin)
   * plus the theme's own inline scripts by their sha256 hashes; no plugins (`object-src`), no
   * `<base>` elsewhere. Off by default: an inline `<script>` or `onclick` a page writes itself
   * would be blocked. @default false
   */
  contentSecurityPolicy: z.boolean().default(false),
  /** Base URL of the docs repository (for "file an issue" links). */
  docsRepositoryBase: httpsUrl('Invalid `docsRepositoryBase` URL!').optional(),
  project: z.strictObject({ link: httpsUrl('Invalid `project.link` URL!') }).optional(),
  chat: z.strictObject({ link: httpsUrl('Invalid `chat.link` URL!') }).optional(),
  /**
   * Interactive components: name → module path (relative to the site root) whose default
   * export is a React component. Available in every MDX page without an import, rendered on
   * the server, and hydrated in the browser. Props must be JSON-serialisable. @default {}
   */
  islands: z
    .record(z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'an island name is a component name: a capital letter, then letters and digits'), z.string())
    .default({}),
  /**
   * MDX components available in every page without an import, rendered on the server only:
   * name → `path#export` relative to the site root (`#export` left out: the default export).
   * A Nextra site's `theme.config` `components` fill this. @default {}
   */
  components: z
    .record(z.string().regex(/^[A-Z][A-Za-z0-9_.]*$/, 'a component name starts with a capital letter'), z.string())
    .default({}),
  /**
   * How long user code may run before it is stopped and reported (an endless loop in a page's
   * expression, a `_meta.ts` or this config): rendering one page, or loading one module. The
   * config's own load is bounded by the default, since it cannot set its own bound.
   * @default 30000
   */
  evaluationTimeoutMs: z.number().int().positive().default(DEFAULT_EVALUATION_TIMEOUT_MS),
  /**
   * Paths that forward to another (a moved page). A fixed `source` gets a small page that
   * redirects to `destination` (meta refresh and canonical link); a Next.js pattern (`/old/:slug`,
   * `/docs/:path*`, filled into the destination) gets none. All go into `_redirects` (Netlify,
   * Cloudflare Pages), `dev` and `preview` answer them with 308 (307 when `permanent: false`),
   * and `check` follows links through them. A Nextra site's `next.config` `redirects()` fill this.
   * @default []
   */
  redirects: z
    .array(
      z.strictObject({
        /** A route of the site, e.g. `/old/page`, or a pattern: `/old/:slug`, `/docs/:path*`. */
        source: z
          .string()
          .regex(/^\/[^?#]*$/, 'must be a path of the site starting with /')
          .refine((source) => !unsupportedRedirect(source), { message: 'must be a path, or a pattern of whole-segment :params (with :param* or :param+ only at the end)' })
          // Its page is written at that path: `/a/../../x` would be outside the output folder, and `/a//b` a second spelling of `/a/b` (as is `\` for `/`).
          .refine((source) => !hasOddSpelling(source.slice(1)), { message: 'must not have an empty, "." or ".." segment, or a backslash' }),
        /** A route of the site or an absolute URL. */
        destination: z.string(),
        permanent: z.boolean().optional(),
      }),
    )
    .default([]),
  /** Extra plugins, run after the built-ins in this order. @default [] */
  plugins: z.array(pluginValue).default([]),
});

/** What a user writes in `docs-gen.config.ts`. */
export type UserConfig = z.input<typeof configSchema>;
/** The config after defaults, as the pipeline sees it. */
export type ResolvedConfig = z.output<typeof configSchema>;
