// zod's smaller API: dist/vendor/zod/mini.js holds only what the tool uses of it, and zod's
// English messages alone (scripts/build-tool.mjs).
import * as z from 'zod/mini';
import { unsupportedRedirect } from '../shared/redirect-rules.ts';
import { hasOddSpelling } from '../pipeline/output-files.ts';
import { COPYRIGHT_YEAR, DEFAULT_EVALUATION_TIMEOUT_MS } from './config-constants.ts';

// What zod's classic API sets up before its first schema, and zod/mini leaves to its user: English
// messages (else each says "Invalid input"), and the memoizer with which an object, array or
// record parses a value that holds itself (a cyclic `_meta.ts`), read as each schema is made.
// Each only where nothing set it first, as the classic API does; meta-schema.ts does the same.
if (!z.config().localeError) z.config(z.locales.en());
if (!z.config().memoizer) z.config({ memoizer: z.memoizer() });

const httpsUrl = (message: string) =>
  z.string().check(z.refine((value) => /^https:\/\/[^\s/]+/.test(value), { message }));

const link = z.strictObject({
  /** Link text. */
  text: z.string(),
  /** Absolute URL or site route. */
  href: z.string(),
});

const menuEntry = z.strictObject({
  title: z.string(),
  href: z.string(),
  newWindow: z.optional(z.boolean()),
});

const navItem = z.strictObject({
  title: z.string(),
  /** A plain navbar link. */
  href: z.optional(z.string()),
  newWindow: z.optional(z.boolean()),
  /** A dropdown menu's entries. */
  items: z.optional(z.array(menuEntry)),
});

const locale = z.strictObject({
  /** BCP 47 tag, e.g. `en-US`. */
  locale: z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a locale tag such as en-US')),
  /** Label in the language switcher. */
  text: z.string(),
  /** @default 'ltr' */
  direction: z._default(z.enum(['ltr', 'rtl']), 'ltr'),
  /** This locale's table-of-contents title, over `toc.title` and the theme's dictionary. */
  toc: z.optional(z.strictObject({ title: z.string() })),
  /** This locale's search placeholder, over `search.placeholder` and the theme's dictionary. */
  search: z.optional(z.strictObject({ placeholder: z.string() })),
  /** This locale's banner text (Markdown links allowed), over `banner.content`; `false` shows no banner in this locale. */
  banner: z.optional(z.union([z.strictObject({ content: z.string() }), z.literal(false)])),
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
  title: z._default(z.string(), 'Documentation'),
  /** `%s` is replaced by the page title. @default '%s - documentation' */
  titleTemplate: z._default(
    z.string().check(z.refine((value) => value.includes('%s'), { message: 'must contain %s where the page title goes' })),
    '%s - documentation',
  ),
  /** Default page description. @default '' */
  description: z._default(z.string(), ''),
  /** Absolute origin of the deployed site, for canonical links and sitemap.xml. */
  siteUrl: z.optional(httpsUrl('must be an absolute https:// URL')),
  /** Path the site is served under, e.g. `/docs`. @default '' */
  basePath: z._default(z.string().check(z.regex(/^(\/[A-Za-z0-9._~-]+)*$/, 'must be empty or start with / and not end with /')), ''),
  /** Folder of MDX pages, relative to the root. @default 'content' */
  contentDir: z._default(z.string(), 'content'),
  /** Folder copied as-is into the output. @default 'public' */
  publicDir: z._default(z.string(), 'public'),
  logo: z.prefault(
    z.strictObject({
      /** Logo for light mode (a public path). */
      light: z.optional(z.string()),
      /** Logo for dark mode. @default the light logo */
      dark: z.optional(z.string()),
      alt: z.optional(z.string()),
      /** Where the logo mark links: the company site. @default '/' */
      companyHref: z._default(z.string(), '/'),
      /** Where the wordmark links: the docs home. @default '/' */
      docsHref: z._default(z.string(), '/'),
    }),
    {},
  ),
  /** Icon of the site (a public path), e.g. `/favicon.svg`. */
  favicon: z.optional(z.string()),
  navbar: z.prefault(z.strictObject({ items: z._default(z.array(navItem), []) }), {}),
  banner: z.optional(
    z.strictObject({
      /** Local storage key remembering the dismissal. @default 'nextra-banner' */
      key: z._default(z.string(), 'nextra-banner'),
      /** Banner text (Markdown links allowed: `[text](href)`). */
      content: z.string(),
      /** @default true */
      dismissible: z._default(z.boolean(), true),
    }),
  ),
  footer: z.prefault(
    z.strictObject({
      /** @default '© {year} Documentation' */
      copyright: z._default(z.string(), `© ${COPYRIGHT_YEAR} Documentation`),
      privacyPolicy: z.optional(link),
      productUpdates: z.optional(link),
    }),
    {},
  ),
  /** Languages of the site. @default [{ locale: 'en-US', text: 'English', direction: 'ltr' }] */
  locales: z._default(z.array(locale).check(z.minLength(1)), [{ locale: 'en-US', text: 'English', direction: 'ltr' }]),
  /** @default 'en-US' */
  defaultLocale: z._default(z.string(), 'en-US'),
  /** @default 'system' */
  defaultTheme: z._default(z.enum(['light', 'dark', 'system']), 'system'),
  /** Hue of the accent colour. @default { dark: 204, light: 212 } */
  primaryHue: z.prefault(
    z.strictObject({
      dark: z._default(z.number().check(z.gte(0), z.lte(360)), 204),
      light: z._default(z.number().check(z.gte(0), z.lte(360)), 212),
    }),
    {},
  ),
  sidebar: z.prefault(
    z.strictObject({
      /** Folders at this depth and deeper start collapsed. @default 2 */
      defaultMenuCollapseLevel: z._default(z.number().check(z.int('must be an integer of at least 1'), z.gte(1, 'must be an integer of at least 1')), 2),
      /** Show the button that hides the sidebar. @default true */
      toggleButton: z._default(z.boolean(), true),
    }),
    {},
  ),
  toc: z.prefault(
    z.strictObject({
      /** The title in every locale without its own (`locales[].toc.title`). @default the theme's dictionary: 'On This Page', 'Sur cette page'… */
      title: z.optional(z.string()),
      /** @default true */
      float: z._default(z.boolean(), true),
    }),
    {},
  ),
  search: z.prefault(
    z.strictObject({
      /** @default true */
      enabled: z._default(z.boolean(), true),
      /** The placeholder in every locale without its own (`locales[].search.placeholder`). @default the theme's dictionary: 'Search documentation…', 'Rechercher dans la documentation…'… */
      placeholder: z.optional(z.string()),
      /**
       * The hosted search service behind the search modal (seed §7). Without it the modal
       * searches the local index, so every site has one.
       */
      hosted: z.optional(
        z.strictObject({
          /** The service's application id. */
          appId: z.string().check(z.minLength(1)),
          /** The public, search-only key: it is sent from every reader's browser. */
          apiKey: z.string().check(z.minLength(1)),
          /** The index to search. */
          indexName: z.string().check(z.minLength(1)),
          /**
           * Origins asked in order, the next one when a host fails. Defaults to the service's
           * own: `https://{appId}-dsn.algolia.net`, then `https://{appId}-1…3.algolianet.com`.
           */
          hosts: z.optional(z.array(z.string().check(z.regex(/^https?:\/\/[^\s/]+$/, 'must be an origin such as https://example.com'))).check(z.minLength(1))),
        }),
      ),
      /**
       * Where the modal's 'Let us know.' link (no results) points; `{query}` is replaced by the
       * URL-encoded query. Without it the link is not shown.
       */
      missingResultsUrl: z.optional(z.string()),
    }),
    {},
  ),
  feedback: z.prefault(
    z.strictObject({
      /** @default true */
      enabled: z._default(z.boolean(), true),
      /** The question in every locale. @default the theme's dictionary: 'Was this doc helpful?', 'Cette page vous a-t-elle été utile ?'… */
      question: z.optional(z.string()),
      /** Log endpoint receiving `{message, helpful, url, referrer, session_id}` as a POST. */
      endpoint: z.optional(httpsUrl('must be an absolute https:// URL')),
    }),
    {},
  ),
  /**
   * Real-user monitoring (seed §1). Off until `scriptSrc` is set; then every page loads that
   * script `async` with `data-sample-rate` for it to read. @default {}
   */
  monitoring: z.prefault(
    z.strictObject({
      /** URL of a real-user-monitoring script, loaded async on every page. @default undefined (off) */
      scriptSrc: z.optional(z.string()),
      /** Percentage of sessions sampled, 0 to 100 (the seed's rate is 100). @default 100 */
      sampleRate: z._default(z.number().check(z.gte(0), z.lte(100)), 100),
    }),
    {},
  ),
  /**
   * Adds a Content-Security-Policy to every built page (a `<meta http-equiv>` tag, so it works
   * on any static host): scripts only from the site itself (and `monitoring.scriptSrc`'s origin)
   * plus the theme's own inline scripts by their sha256 hashes; no plugins (`object-src`), no
   * `<base>` elsewhere. Off by default: an inline `<script>` or `onclick` a page writes itself
   * would be blocked. @default false
   */
  contentSecurityPolicy: z._default(z.boolean(), false),
  /** Base URL of the docs repository (for "file an issue" links). */
  docsRepositoryBase: z.optional(httpsUrl('Invalid `docsRepositoryBase` URL!')),
  project: z.optional(z.strictObject({ link: httpsUrl('Invalid `project.link` URL!') })),
  chat: z.optional(z.strictObject({ link: httpsUrl('Invalid `chat.link` URL!') })),
  /**
   * Interactive components: name → module path (relative to the site root) whose default
   * export is a React component. Available in every MDX page without an import, rendered on
   * the server, and hydrated in the browser. Props must be JSON-serialisable. @default {}
   */
  islands: z._default(z.record(z.string().check(z.regex(/^[A-Z][A-Za-z0-9]*$/, 'an island name is a component name: a capital letter, then letters and digits')), z.string()), {}),
  /**
   * MDX components available in every page without an import, rendered on the server only:
   * name → `path#export` relative to the site root (`#export` left out: the default export).
   * A Nextra site's `theme.config` `components` fill this. @default {}
   */
  components: z._default(z.record(z.string().check(z.regex(/^[A-Z][A-Za-z0-9_.]*$/, 'a component name starts with a capital letter')), z.string()), {}),
  /**
   * How long user code may run before it is stopped and reported (an endless loop in a page's
   * expression, a `_meta.ts` or this config): rendering one page, or loading one module. The
   * config's own load is bounded by the default, since it cannot set its own bound.
   * @default 30000
   */
  evaluationTimeoutMs: z._default(z.number().check(z.int(), z.positive()), DEFAULT_EVALUATION_TIMEOUT_MS),
  /**
   * Paths that forward to another (a moved page). A fixed `source` gets a small page that
   * redirects to `destination` (meta refresh and canonical link); a Next.js pattern (`/old/:slug`,
   * `/docs/:path*`, filled into the destination) gets none. All go into `_redirects` (Netlify,
   * Cloudflare Pages), `dev` and `preview` answer them with 308 (307 when `permanent: false`),
   * and `check` follows links through them. A Nextra site's `next.config` `redirects()` fill this.
   * @default []
   */
  redirects: z._default(
    z.array(
      z.strictObject({
        /** A route of the site, e.g. `/old/page`, or a pattern: `/old/:slug`, `/docs/:path*`. */
        source: z.string().check(
          z.regex(/^\/[^?#]*$/, 'must be a path of the site starting with /'),
          z.refine((source) => !unsupportedRedirect(source), { message: 'must be a path, or a pattern of whole-segment :params (with :param* or :param+ only at the end)' }),
          // Its page is written at that path: `/a/../../x` would be outside the output folder, and `/a//b` a second spelling of `/a/b` (as is `\` for `/`).
          z.refine((source) => !hasOddSpelling(source.slice(1)), { message: 'must not have an empty, "." or ".." segment, or a backslash' }),
        ),
        /** A route of the site or an absolute URL. */
        destination: z.string(),
        permanent: z.optional(z.boolean()),
      }),
    ),
    [],
  ),
  /** Extra plugins, run after the built-ins in this order. @default [] */
  plugins: z._default(z.array(pluginValue), []),
});

/** What a user writes in `docs-gen.config.ts`. */
export type UserConfig = z.input<typeof configSchema>;
/** The config after defaults, as the pipeline sees it. */
export type ResolvedConfig = z.output<typeof configSchema>;
