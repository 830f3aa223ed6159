import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, Plugin as EsbuildPlugin } from 'esbuild';
import { loadSharp, workerModuleUrl, writeAtomically } from 'docs-gen';

/** Where the compat layer's files live in the output (images imported by pages). */
export const STATIC_FOLDER = '_docs-gen/nextra';

/** What the content loader tells a bundler plugin about the site. */
export interface BundlerSite {
  root: string;
  cacheDir: string;
  basePath: string;
}

/** Specifier → shim module (beside this file, in `shims/`), the server-rendered stand-ins. */
const SHIMS: Record<string, string> = {
  nextra: 'nextra.js',
  'nextra/context': 'nextra.js',
  'nextra/hooks': 'nextra.js',
  'nextra/data': 'nextra.js',
  'nextra/filter-route-locale': 'filter-route-locale.js',
  'nextra/components': 'components.js',
  'nextra-theme-docs': 'theme-docs.js',
  'next/link': 'next-link.js',
  'next/image': 'next-image.js',
  'next/router': 'next-router.js',
  'next/navigation': 'next-router.js',
  'next/head': 'next-head.js',
  'next/dynamic': 'next-dynamic.js',
};

const IMAGE = /\.(?:png|jpe?g|gif|webp|avif|svg)$/i;

/** What one page's bundle used of the compat layer: read back by the plugin for the migration summary. */
export interface CompatUses {
  /** The page, relative to the site root. */
  page: string;
  /** The page file's size and mtime when it was bundled: a record of an older version is ignored. */
  size: number;
  mtimeMs: number;
  /** Nextra and Next.js specifiers resolved to shims. */
  shims: string[];
  images: number;
  /**
   * The files of the static folder ({@link staticCacheFolder}) the bundle refers to: `postBuild`
   * copies a component's into the output. (A page's are read from its module, which a cached
   * compile keeps while this record may be of another version of the page.)
   */
  staticFiles: string[];
  mdxImports: number;
  rootImports: number;
  jsxInJs: number;
  /** Stylesheets left out, relative to the site root. */
  styles: string[];
}

/** Where a page's or a component's {@link CompatUses} record is written (`page`: relative to the site root). */
export function usesRecordPath(cacheDir: string, page: string): string {
  return join(cacheDir, 'nextra-compat', 'uses', `${createHash('sha1').update(page).digest('hex').slice(0, 16)}.json`);
}

/** The folder the compat layer copies imported images into; `postBuild` and dev serve it from here. */
export function staticCacheFolder(cacheDir: string): string {
  return join(cacheDir, 'nextra-compat', 'static');
}

function shimPath(file: string): string {
  return fileURLToPath(workerModuleUrl(import.meta.url, `./shims/${file}`));
}

interface StaticImageData {
  src: string;
  width: number;
  height: number;
}

/** `{ src, width, height }` of an image file: copied under a content hash, measured with sharp. */
async function staticImage(path: string, site: BundlerSite): Promise<StaticImageData> {
  const bytes = await readFile(path);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  const name = `${basename(path, extname(path)).replace(/[^A-Za-z0-9_-]/g, '_')}.${hash}${extname(path).toLowerCase()}`;
  const folder = staticCacheFolder(site.cacheDir);
  await mkdir(folder, { recursive: true });
  const target = join(folder, name);
  // Through a temporary name: another build of the site copying the same image at once must never let this one see half of it.
  if (!existsSync(target)) await writeAtomically(target, bytes);
  const { width = 0, height = 0 } = await loadSharp()(bytes).metadata();
  return { src: `${site.basePath}/${STATIC_FOLDER}/${name}`, width, height };
}

/** The name in the static folder of an image's `src`. */
const staticFileName = (src: string): string => src.slice(src.lastIndexOf('/') + 1);

// Each image a bundle imports is a string of it (its `src`), whatever the site's base path.
const STATIC_FILE_IN_BUNDLE = /\/_docs-gen\/nextra\/([A-Za-z0-9_-]*\.[0-9a-f]{12}\.[a-z]+)/g;

/** The files of the static folder a module's bundle refers to. */
export function staticFilesIn(bundle: string): string[] {
  return [...new Set(Array.from(bundle.matchAll(STATIC_FILE_IN_BUNDLE), (match) => match[1]!))];
}

/** A component's bundle (a config `components` module): its entry, relative to the site root. */
function componentEntry(entryPoints: unknown, root: string): string {
  const first: unknown = Array.isArray(entryPoints) ? entryPoints[0] : undefined;
  return typeof first === 'string' ? relative(root, first) : '';
}

/** A component that renders the SVG file inline, with the props the page gives it. */
function svgComponentModule(svg: string): string {
  const inner = svg.replace(/^[\s\S]*?<svg\b([^>]*)>/, '').replace(/<\/svg>\s*$/, '');
  const attributes: Record<string, string> = {};
  const open = /<svg\b([^>]*)>/.exec(svg)?.[1] ?? '';
  for (const match of open.matchAll(/([A-Za-z_:][\w:.-]*)\s*=\s*"([^"]*)"/g)) {
    // React wants camelCase for the few hyphenated SVG attributes a root element carries.
    const name = match[1]!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()).replace(/^xmlns:xlink$/, 'xmlnsXlink');
    attributes[name] = match[2]!;
  }
  return `import { jsx } from 'react/jsx-runtime';
const attributes = ${JSON.stringify(attributes)};
const inner = ${JSON.stringify(inner)};
export default function SvgComponent(props) { return jsx('svg', { ...attributes, ...props, dangerouslySetInnerHTML: { __html: inner } }); }`;
}

/**
 * The Nextra compatibility layer as an esbuild plugin, applied when a page's imports are
 * bundled: Nextra and Next.js specifiers become the shims; images become `{ src, width, height }`
 * (an SVG imported as a component where a page renders it); `.mdx` imports are compiled; `.js`
 * may hold JSX; `components/x` and `/components/x` are found from the site root; CSS is left out.
 */
export function nextraBundler(_options: unknown, site: BundlerSite): EsbuildPlugin {
  return {
    name: 'docs-gen:nextra-compat',
    setup(b) {
      const page = b.initialOptions.stdin?.sourcefile ?? componentEntry(b.initialOptions.entryPoints, site.root);
      const uses: CompatUses = { page, size: 0, mtimeMs: 0, shims: [], images: 0, staticFiles: [], mdxImports: 0, rootImports: 0, jsxInJs: 0, styles: [] };
      const note = (key: 'images' | 'mdxImports' | 'rootImports' | 'jsxInJs') => void uses[key]++;
      b.onEnd(async () => {
        const file = join(site.root, page);
        const stats = existsSync(file) ? await stat(file) : undefined;
        const record = usesRecordPath(site.cacheDir, page);
        await mkdir(dirname(record), { recursive: true });
        await writeAtomically(record, JSON.stringify({ ...uses, size: stats?.size ?? 0, mtimeMs: stats?.mtimeMs ?? 0, shims: [...new Set(uses.shims)].sort(), staticFiles: [...new Set(uses.staticFiles)].sort(), styles: [...new Set(uses.styles)].sort() }));
      });
      const shimSpecifiers = new RegExp(`^(?:${Object.keys(SHIMS).map((s) => s.replace(/[/.-]/g, '\\$&')).join('|')})$`);
      b.onResolve({ filter: shimSpecifiers }, (args) => {
        // Shims importing one another are not the page's uses.
        if (!args.importer.includes(`${'/'}nextra-compat${'/'}shims${'/'}`)) uses.shims.push(args.path);
        return { path: shimPath(SHIMS[args.path]!) };
      });
      // The shims read the page being rendered from the renderer's own context module.
      b.onResolve({ filter: /^docs-gen\/theme$/ }, () => ({ path: workerModuleUrl(import.meta.url, '../../theme/route-data-context.js'), external: true }));
      b.onResolve({ filter: /^docs-gen$/ }, () => ({ path: workerModuleUrl(import.meta.url, '../../src/index.js'), external: true }));
      // A bare `components/x` (Next.js sites set no baseUrl) or a root-absolute `/components/x`:
      // from the site root, when the folder exists there and no package of that name does.
      b.onResolve({ filter: /^\/?[A-Za-z0-9_@][^:]*$/ }, async (args) => {
        if (args.pluginData === 'from-root' || args.kind === 'entry-point') return undefined;
        const [first] = args.path.replace(/^\//, '').split('/');
        const inRoot = join(site.root, first!);
        if (!first || !existsSync(inRoot) || (!args.path.startsWith('/') && existsSync(join(site.root, 'node_modules', first)))) return undefined;
        if (args.path.startsWith('/') && existsSync(args.path) && !args.path.startsWith(site.root)) return undefined;
        const result = await b.resolve(`./${args.path.replace(/^\//, '')}`, { resolveDir: site.root, kind: args.kind, pluginData: 'from-root' });
        if (result.errors.length) return undefined;
        note('rootImports');
        return { path: result.path, external: result.external };
      });
      // CSS a component imports is left out: the theme's stylesheet styles the shims, and a
      // site's own CSS modules would need its build. The migration summary lists each file.
      b.onLoad({ filter: /\.(?:css|scss|sass|less)$/ }, (args) => {
        uses.styles.push(relative(site.root, args.path));
        return { contents: 'export default {};', loader: 'js' };
      });
      b.onLoad({ filter: IMAGE }, async (args) => {
        note('images');
        if (/\.svg$/i.test(args.path) && args.with?.['type'] !== 'url') {
          // Nextra sites import SVGs as components (SVGR): a component that also has `src`.
          const svg = await readFile(args.path, 'utf8');
          const image = await staticImage(args.path, site);
          uses.staticFiles.push(staticFileName(image.src));
          return { contents: `${svgComponentModule(svg)}\nObject.assign(SvgComponent, ${JSON.stringify(image)});`, loader: 'js', resolveDir: dirname(args.path) };
        }
        const image = await staticImage(args.path, site);
        uses.staticFiles.push(staticFileName(image.src));
        return { contents: `export default ${JSON.stringify(image)};`, loader: 'js' };
      });
      // Next.js compiles JSX in `.js` files; esbuild does not by default.
      b.onLoad({ filter: /\.js$/ }, async (args) => {
        if (args.path.includes(`${'/'}node_modules${'/'}`) || !args.path.startsWith(site.root)) return undefined;
        const source = await readFile(args.path, 'utf8');
        // Only files that hold JSX count as a use of the layer; esbuild's jsx loader reads plain JS too.
        if (/<[A-Za-z>]/.test(source)) note('jsxInJs');
        return { contents: source, loader: 'jsx' as Loader };
      });
      b.onLoad({ filter: /\.mdx?$/ }, async (args) => {
        note('mdxImports');
        return { contents: await compileImportedMdx(args.path), loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

/** An `.mdx` file a page imports, as a module whose default export is its content component. */
async function compileImportedMdx(path: string): Promise<string> {
  const { compile } = await import('@mdx-js/mdx');
  const { default: remarkGfm } = await import('remark-gfm');
  const { default: rehypeSlug } = await import('rehype-slug');
  const source = (await readFile(path, 'utf8')).replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
  const result = await compile({ path, value: source }, { format: /\.md$/.test(path) ? 'md' : 'mdx', remarkPlugins: [remarkGfm], rehypePlugins: [rehypeSlug], development: false });
  return String(result.value);
}
