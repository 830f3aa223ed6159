import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { unsupportedRedirect } from '../shared/redirect-rules.ts';
import { importModuleFile } from '../util/import-module.ts';
import type { UserConfig } from './schema.ts';
import { writeAtomically } from '../util/write-atomically.ts';

const NEXT_CONFIGS = ['next.config.js', 'next.config.mjs', 'next.config.cjs', 'next.config.ts'];
const THEME_CONFIGS = ['theme.config.tsx', 'theme.config.jsx', 'theme.config.js', 'theme.config.ts'];

/** A redirect of `next.config`'s `redirects()`: a fixed path also gets a page that forwards. */
export interface Redirect {
  source: string;
  destination: string;
  permanent?: boolean;
}

/** What a Nextra site's own files say, as docs-gen config, and what could not be carried over. */
export interface NextraSite {
  config: UserConfig;
  /** Files read (for dev's watcher). */
  files: string[];
  /** At most one per file: the options that cannot be mapped, listed together. */
  warnings: Diagnostic[];
}

/**
 * While `next.config` and `theme.config` load, `nextra`, `nextra-theme-docs` and `next/*` are
 * stand-ins: `withNextra(options)(nextConfig)` hands the Next.js config back, and hooks return
 * empty values. A Nextra site's own install is not needed to read its configuration.
 */
const nextraConfigStandIns: EsbuildPlugin = {
  name: 'docs-gen-nextra-config-stand-ins',
  setup(b) {
    b.onResolve({ filter: /^(?:nextra(?:-theme-docs)?(?:\/.*)?|next\/.*)$/ }, (args) => ({ path: args.path, namespace: 'nextra-config-stand-in' }));
    b.onLoad({ filter: /.*/, namespace: 'nextra-config-stand-in' }, () => ({
      loader: 'js',
      contents: `const withNextra = (nextraOptions) => (nextConfig = {}) => nextConfig;
const empty = () => ({ frontMatter: {}, locale: undefined, asPath: '/', route: '/', query: {} });
module.exports = Object.assign(withNextra, { default: withNextra, useConfig: empty, useRouter: empty, useTheme: empty });`,
    }));
  },
};

/**
 * A CommonJS config (`module.exports = withNextra({...})`, Nextra 2's habit) is imported through a
 * one-line ES module: esbuild wraps a CommonJS file it imports, not one it starts from.
 */
async function esmEntry(file: string, cacheDir: string): Promise<string> {
  const source = await readFile(file, 'utf8');
  if (!/\bmodule\.exports\b|\bexports\.\w+\s*=/.test(source) || /^\s*export\s/m.test(source)) return file;
  const folder = join(cacheDir, 'nextra-config');
  await mkdir(folder, { recursive: true });
  const entry = join(folder, `${basename(file)}.entry.mjs`);
  await writeAtomically(entry, `export { default } from ${JSON.stringify(file)};\n`);
  return entry;
}

/**
 * theme.config's `components` (given to every page without an import) as config `components`:
 * a module re-exporting each by name, bundled for the renderer like any component, so what they
 * import of `next/*` or `nextra*` gets the compat layer's shims.
 */
async function globalComponents(themeFile: string, names: string[], cacheDir: string): Promise<Record<string, string>> {
  const folder = join(cacheDir, 'nextra-config');
  await mkdir(folder, { recursive: true });
  const module = join(folder, 'global-components.tsx');
  const valid = names.filter((name) => /^[A-Z][A-Za-z0-9_]*$/.test(name));
  const lines = [
    `import theme from ${JSON.stringify(themeFile)};`,
    'const components = ((theme as { components?: Record<string, unknown> }).components ?? {}) as Record<string, never>;',
    ...valid.map((name) => `export const ${name} = components[${JSON.stringify(name)}];`),
  ];
  await writeAtomically(module, `${lines.join('\n')}\n`);
  return Object.fromEntries(valid.map((name) => [name, `${module}#${name}`]));
}

function firstExisting(root: string, names: string[]): string | undefined {
  return names.map((name) => join(root, name)).find((path) => existsSync(path));
}

/** True for a Next.js/Nextra site: a `next.config.*` or `theme.config.*` and no docs-gen config. */
export function isNextraSite(root: string): boolean {
  return firstExisting(root, [...NEXT_CONFIGS, ...THEME_CONFIGS]) !== undefined;
}

interface ElementLike {
  type?: unknown;
  props?: Record<string, unknown>;
}

/** The text of a React element tree (a logo, a footer), without rendering it: hooks never run. */
export function textOf(node: unknown): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  const element = node as ElementLike;
  if (element.props) return textOf(element.props.children);
  return '';
}

/** The first `<img src>` of an element tree, when it is a path in the site. */
function imageSourceOf(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) return node.map(imageSourceOf).find(Boolean);
  const element = node as ElementLike;
  if (element.type === 'img' && typeof element.props?.src === 'string') return element.props.src;
  return imageSourceOf(element.props?.children);
}

const text = (value: unknown): string | undefined => {
  const result = typeof value === 'function' ? undefined : textOf(value).trim();
  return result || undefined;
};

/** theme.config keys docs-gen reads; everything else is listed in the one warning. */
function mapThemeConfig(theme: Record<string, unknown>, config: UserConfig, unmapped: string[]): void {
  const record = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
  for (const [key, value] of Object.entries(theme)) {
    switch (key) {
      case 'logo': {
        const title = text(value);
        const image = imageSourceOf(value);
        if (title) config.title = title;
        if (image?.startsWith('/')) config.logo = { light: image, alt: title };
        if (!title && !image) unmapped.push('logo (neither text nor an <img> to read)');
        break;
      }
      case 'logoLink':
        if (typeof value === 'string') config.logo = { ...(config.logo ?? {}), docsHref: value };
        break;
      case 'project':
        if (typeof record(value).link === 'string') config.project = { link: record(value).link as string };
        if (record(value).icon) unmapped.push('project.icon');
        break;
      case 'chat':
        if (typeof record(value).link === 'string') config.chat = { link: record(value).link as string };
        if (record(value).icon) unmapped.push('chat.icon');
        break;
      case 'docsRepositoryBase':
        if (typeof value === 'string') config.docsRepositoryBase = value;
        break;
      case 'banner': {
        const banner = record(value);
        const content = text(banner.text ?? banner.content);
        if (content) config.banner = { content, ...(typeof banner.key === 'string' ? { key: banner.key } : {}), ...(typeof banner.dismissible === 'boolean' ? { dismissible: banner.dismissible } : {}) };
        break;
      }
      case 'footer': {
        const copyright = text(record(value).text ?? record(value).content ?? (typeof value === 'object' && value && 'props' in value ? value : undefined));
        if (copyright) config.footer = { copyright };
        else unmapped.push('footer (no text to read)');
        break;
      }
      case 'toc': {
        const toc = record(value);
        const title = text(toc.title);
        config.toc = { ...(title ? { title } : {}), ...(typeof toc.float === 'boolean' ? { float: toc.float } : {}) };
        for (const extra of Object.keys(toc).filter((k) => k !== 'title' && k !== 'float')) unmapped.push(`toc.${extra}`);
        break;
      }
      case 'search': {
        const placeholder = text(record(value).placeholder);
        if (placeholder) config.search = { placeholder };
        for (const extra of Object.keys(record(value)).filter((k) => k !== 'placeholder')) unmapped.push(`search.${extra}`);
        break;
      }
      case 'i18n':
        if (Array.isArray(value)) {
          config.locales = value.map((entry: { locale: string; text?: string; name?: string; direction?: 'ltr' | 'rtl' }) => ({ locale: entry.locale, text: entry.text ?? entry.name ?? entry.locale, direction: entry.direction ?? 'ltr' }));
        }
        break;
      case 'primaryHue':
        if (typeof value === 'number') config.primaryHue = { dark: value, light: value };
        else if (value && typeof value === 'object') config.primaryHue = value as { dark: number; light: number };
        break;
      case 'sidebar': {
        const sidebar = record(value);
        config.sidebar = {
          ...(typeof sidebar.defaultMenuCollapseLevel === 'number' ? { defaultMenuCollapseLevel: sidebar.defaultMenuCollapseLevel } : {}),
          ...(typeof sidebar.toggleButton === 'boolean' ? { toggleButton: sidebar.toggleButton } : {}),
        };
        for (const extra of Object.keys(sidebar).filter((k) => k !== 'defaultMenuCollapseLevel' && k !== 'toggleButton')) unmapped.push(`sidebar.${extra}`);
        break;
      }
      case 'useNextSeoProps': {
        // Nextra 2's title template: a hook, called once with the stand-ins' empty router.
        let template: unknown;
        try {
          template = typeof value === 'function' ? (value as () => { titleTemplate?: unknown })()?.titleTemplate : undefined;
        } catch {
          template = undefined;
        }
        if (typeof template === 'string' && template.includes('%s')) config.titleTemplate = template;
        else unmapped.push('useNextSeoProps (no titleTemplate with %s)');
        break;
      }
      case 'components':
        // Given to every page by the compat layer (`nextraGlobalComponents`), not config.
        break;
      default:
        unmapped.push(key);
    }
  }
}

/** The parts of `next.config` docs-gen reads: `i18n` and `redirects()`. */
async function mapNextConfig(next: Record<string, unknown>, config: UserConfig, unmapped: string[]): Promise<void> {
  for (const [key, value] of Object.entries(next)) {
    if (key === 'i18n' && value && typeof value === 'object') {
      const i18n = value as { locales?: string[]; defaultLocale?: string };
      if (i18n.locales?.length) config.locales = i18n.locales.map((locale) => ({ locale, text: locale, direction: 'ltr' as const }));
      if (i18n.defaultLocale) config.defaultLocale = i18n.defaultLocale;
    } else if (key === 'redirects' && typeof value === 'function') {
      const list = (await (value as () => Promise<Redirect[]> | Redirect[])()) ?? [];
      const redirects: Redirect[] = [];
      for (const redirect of list) {
        // Whole-segment patterns (`:slug`, `:path*`) are followed by check, dev, preview and the
        // host's `_redirects`; regex groups and the like would need Next.js's own server.
        const unsupported = unsupportedRedirect(redirect.source);
        if (unsupported) unmapped.push(`redirects: ${redirect.source} (${unsupported})`);
        else redirects.push({ source: redirect.source, destination: redirect.destination, permanent: redirect.permanent });
      }
      config.redirects = redirects;
    } else if (key === 'basePath' && typeof value === 'string') {
      config.basePath = value;
    } else if (!['reactStrictMode', 'images', 'output', 'trailingSlash', 'eslint', 'typescript'].includes(key)) {
      unmapped.push(key);
    }
  }
}

/**
 * A Nextra 2/3 site's configuration as docs-gen config: `pages/` as the content folder when there
 * is no `content/`, locales, base path and redirects from `next.config.*`, and what maps of
 * `theme.config.*`. One warning per file lists every option that does not map (none is
 * silently dropped).
 */
export async function readNextraSite(root: string, options: { cacheDir: string; timeoutMs: number }): Promise<NextraSite> {
  const config: UserConfig = {};
  const files: string[] = [];
  const warnings: Diagnostic[] = [];
  if (!existsSync(join(root, 'content')) && existsSync(join(root, 'pages'))) config.contentDir = 'pages';
  const load = async (file: string) => {
    files.push(file);
    const { exports } = await importModuleFile(await esmEntry(file, options.cacheDir), { root, cacheDir: options.cacheDir, code: 'config-load', timeoutMs: options.timeoutMs, plugins: [nextraConfigStandIns] });
    const value = exports.default ?? exports;
    return (typeof value === 'function' ? await (value as (phase: string, context: object) => unknown)('phase-production-build', { defaultConfig: {} }) : value) as Record<string, unknown>;
  };
  const report = (file: string, unmapped: string[]) => {
    if (!unmapped.length) return;
    warnings.push({
      severity: 'warning',
      code: 'nextra-config-unmapped',
      message: `${relative(root, file)}: not carried over to docs-gen (no equivalent): ${unmapped.join(', ')}`,
      file: relative(root, file),
      line: 1,
      column: 1,
      hint: 'write a docs-gen.config.ts for what docs-gen offers instead (src/config/schema.ts lists every option)',
    });
  };
  const nextFile = firstExisting(root, NEXT_CONFIGS);
  if (nextFile) {
    const unmapped: string[] = [];
    await mapNextConfig(await load(nextFile), config, unmapped);
    report(nextFile, unmapped);
  }
  const themeFile = firstExisting(root, THEME_CONFIGS);
  if (themeFile) {
    const unmapped: string[] = [];
    const localesFromNext = config.locales;
    const theme = await load(themeFile);
    mapThemeConfig(theme, config, unmapped);
    const components = theme.components && typeof theme.components === 'object' ? Object.keys(theme.components) : [];
    if (components.length) config.components = await globalComponents(themeFile, components, options.cacheDir);
    // theme.config's i18n names the languages; next.config says which exist.
    if (localesFromNext && config.locales !== localesFromNext) {
      const named = new Map(config.locales!.map((l) => [l.locale, l]));
      config.locales = localesFromNext.map((l) => named.get(l.locale) ?? l);
    }
    report(themeFile, unmapped);
  }
  return { config, files, warnings };
}
