import { mkdirSync } from 'node:fs';
import { writeNewFileSync, type FileIdentity } from '../util/write-new-file.ts';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ComponentType } from 'react';
import * as runtime from 'react/jsx-runtime';
import type { MDXContent } from 'mdx/types';
import { DiagnosticError, positionAt } from '../diagnostics/diagnostic.ts';
import { originalPosition } from '../diagnostics/source-positions.ts';
import { fileSystemDiagnostic, isFileSystemError } from '../diagnostics/file-system-error.ts';
import { DocsLayout } from '../../theme/layouts/DocsLayout.tsx';
import { SpecialPageBody } from '../../theme/components/SpecialPages.tsx';
import { mdxComponents } from '../../theme/mdx/components.tsx';
import { headingAnchorsInHtml } from '../../theme/components/HeadingAnchor.tsx';
import { islandComponent } from '../../theme/mdx/Island.tsx';
import { responsiveImagesInHtml } from '../../theme/mdx/DocImage.tsx';
import { RouteDataContext } from '../../theme/route-data-context.ts';
import { warmDateFormats } from '../shared/page-footer-links.ts';
import type { ResolvedThemeOptions, RouteData } from '../shared/types.ts';
import { frameMarkup, reactServer } from '../shared/static-markup.ts';
import { outputPathFor, SiteIndex, type RenderedDefinition, type SiteSnapshot } from './route-data.ts';
import { keepRendered, rendersToolComponentsOnly, runsToolCodeOnly } from './render-cache.ts';
import { readPayloadPart, type PayloadPart } from '../util/cache-entry.ts';
import { CODE_UNREADABLE } from './compiled-keys.ts';
import { applySitePatch, type SitePatch } from './site-patch.ts';

let site: SiteIndex | undefined;
let defaultLocale = 'en-US';
/** The plugins' MDX components, then the config's islands: by JSX name. */
let registered: Record<string, ComponentType<never>> = {};
/**
 * Whether every registered component is docs-gen's own (`rendersToolComponentsOnly`): an MDX page
 * of literal JSX alone (`componentsOnly`) then runs no code but docs-gen's, and its frame is tried
 * without React's renderer. Code of the site's (its components, a page's expressions and exports)
 * may have side effects, which a try that ends in React's render would run twice (a counter in a
 * page's export numbered its figures from 3; review 50).
 */
let toolComponentsOnly = false;

/** The last snapshot `setSite` received: what `patchSite`'s changes apply to. */
let lastSet: SiteSnapshot | undefined;

/**
 * The last `setSite`'s work, which a page waits for: the build posts a page right behind the
 * site, not once the worker has answered that it holds it (the answer would wait for the build's
 * loop over every page to end), and this worker takes its messages concurrently.
 */
let siteSetting: Promise<void> = Promise.resolve();

/** Worker task: receive the site once per build. */
export function setSite(snapshot: SiteSnapshot): Promise<void> {
  siteSetting = loadSite(snapshot);
  return siteSetting;
}

/**
 * Awaited by the worker before a timed task's clock starts (worker-entry.ts): loading the site's
 * components is not a page's time.
 */
export const beforeTimedTask = (): Promise<void> => siteSetting.catch(() => undefined);

/** Worker task that does nothing: run after a build's page compile (`RunOptions.thenLoad`), it loads this module (React, the theme) before the page's render needs it. */
export function loadRenderer(): void {}

/**
 * What a thread's first render pays for once, done ahead while the thread waits (dev's warm-up,
 * `src/dev/warm-up.ts`, which comes before the site and its locale): ICU's date data, which the
 * footer's date needs in any locale but English (25 ms the first time a thread makes a date
 * format, 1 ms after; `warmDateFormats`), and React's first server render (8 ms). At 10 000 pages
 * that render is the last step before dev's first answer.
 */
export function warmThread(): void {
  warmDateFormats();
  reactServer().renderToStaticMarkup(<p>warm</p>);
}

async function loadSite(snapshot: SiteSnapshot): Promise<void> {
  lastSet = snapshot;
  site = new SiteIndex(snapshot);
  defaultLocale = snapshot.config.defaultLocale;
  const components: Record<string, ComponentType<never>> = {};
  await Promise.all(
    Object.entries(snapshot.mdxComponents).map(async ([name, ref]) => {
      const exported = (await import(ref.module)) as Record<string, unknown>;
      const component = exported[ref.exportName ?? 'default'];
      if (typeof component !== 'function' && typeof component !== 'object') throw new Error(`MDX component ${name}: ${ref.module} has no export ${ref.exportName ?? 'default'}`);
      components[name] = component as ComponentType<never>;
    }),
  );
  if (snapshot.islandsModule) {
    const exported = (await import(pathToFileURL(snapshot.islandsModule).href)) as Record<string, ComponentType<Record<string, unknown>>>;
    for (const [name, component] of Object.entries(exported)) components[name] = islandComponent(name, component) as ComponentType<never>;
  }
  registered = components;
  toolComponentsOnly = rendersToolComponentsOnly(snapshot);
}

/** Worker task (dev): the site as the last `setSite` gave it with the parts that changed since (see `SitePatch`). */
export function patchSite(changes: SitePatch): void {
  if (!lastSet || !site) throw new Error('patchSite before setSite');
  site = site.withSnapshot(applySitePatch(lastSet, changes));
}

export interface RenderInput {
  definition: RenderedDefinition;
  root: string;
  outDir: string;
  /** Write the file here (no `transformPage` hooks) or hand the HTML back. */
  write: boolean;
  /** Where to keep the page in the persistent cache of rendered pages (the caller looked it up and missed); absent with `--no-cache` and for pages not cached. */
  cache?: { dir: string; key: string };
  /**
   * Where the page's code is (its compile cache entry's), when the definition comes without it
   * (`code` empty): read here, so that the thread that sends the task neither reads it nor copies it.
   */
  codeAt?: PayloadPart;
}

export interface RenderOutput {
  outputPath: string;
  /** The page's file as it was written (`write: true`): the build's record of its output takes it from here. */
  stamp?: FileIdentity;
  /** The page, handed back rather than written (`write: false`): its HTML and the theme options it was rendered with, what `transformPage` gets. */
  page?: { html: string; theme: ResolvedThemeOptions };
}

/** A rendered page. */
interface Rendered {
  html: string;
  theme: ResolvedThemeOptions;
}

async function loadContent(definition: RenderedDefinition): Promise<MDXContent | undefined> {
  if (definition.content.type !== 'mdx') return undefined;
  const { compiled } = definition.content;
  if (compiled.kind === 'html') return undefined;
  if (compiled.kind === 'module') {
    const content = ((await import(pathToFileURL(compiled.code).href)) as { default?: unknown }).default;
    // Never a page without its body (a module file cut short used to render as an empty page). A
    // component is a function, or an object React renders (`memo`, `forwardRef`: with `$$typeof`).
    const renderable = typeof content === 'function' || (typeof content === 'object' && content !== null && '$$typeof' in content);
    if (!renderable) throw new Error(`the compiled module of ${definition.sourcePath ?? definition.route} (${compiled.code}) has no page component as its default export`);
    return content as MDXContent;
  }
  // What @mdx-js/mdx's runSync does, without loading the compiler into the render worker.
  const module = new Function(compiled.code)({ ...checkedRuntime, baseUrl: import.meta.url }) as { default: MDXContent };
  return module.default;
}

/**
 * `new Function(body)` puts two lines before the body (`function anonymous(` and `) {`); V8
 * reports its frames as `<anonymous>:line:column` inside an `eval at` frame.
 */
const FUNCTION_PREAMBLE_LINES = 2;

/** The first stack frame inside a page's function body, as a generated line and 0-based column. */
export function pageCodeFrame(error: unknown): { line: number; column: number } | undefined {
  const stack = typeof (error as Error)?.stack === 'string' ? (error as Error).stack! : '';
  const frame = /\(eval at [^\n]*?, <anonymous>:(\d+):(\d+)\)/.exec(stack);
  if (!frame) return undefined;
  return { line: Number(frame[1]) - FUNCTION_PREAMBLE_LINES, column: Number(frame[2]) - 1 };
}

/** A plain object as a child: React would throw from deep inside itself, with no frame in the page. */
function isInvalidChild(child: unknown): boolean {
  if (typeof child !== 'object' || child === null || Array.isArray(child)) return false;
  if ('$$typeof' in child || Symbol.iterator in child || typeof (child as { then?: unknown }).then === 'function') return false;
  return true;
}

class InvalidChildError extends TypeError {}

function checkChildren(props: { children?: unknown } | null | undefined): void {
  const children = props?.children;
  const list = Array.isArray(children) ? children : [children];
  for (const child of list) {
    if (isInvalidChild(child)) {
      throw new InvalidChildError(`Objects are not valid as a React child (found: object with keys {${Object.keys(child as object).join(', ')}}). If you meant to render a collection of children, use an array instead.`);
    }
  }
}

/**
 * The JSX runtime the page runs with, checking children where the page creates the element,
 * so that the error's stack has the page's frame (and so its line and column).
 */
const checkedRuntime = {
  ...runtime,
  jsx: (type: Parameters<typeof runtime.jsx>[0], props: Parameters<typeof runtime.jsx>[1], key?: Parameters<typeof runtime.jsx>[2]) => {
    checkChildren(props as { children?: unknown });
    return runtime.jsx(type, props, key);
  },
  jsxs: (type: Parameters<typeof runtime.jsxs>[0], props: Parameters<typeof runtime.jsxs>[1], key?: Parameters<typeof runtime.jsxs>[2]) => {
    checkChildren(props as { children?: unknown });
    return runtime.jsxs(type, props, key);
  },
};

function Body({ data, definition, Content }: { data: RouteData; definition: RenderedDefinition; Content?: MDXContent }) {
  if (Content) return <Content components={mdxComponents(data, registered) as Record<string, ComponentType>} />;
  if (definition.content.type === 'html') return <div className="html-content" dangerouslySetInnerHTML={{ __html: responsiveImagesInHtml(definition.content.html, data) }} />;
  if (definition.content.type === 'mdx' && definition.content.compiled.kind === 'html') {
    return <div className="markdown-content" dangerouslySetInnerHTML={{ __html: headingAnchorsInHtml(responsiveImagesInHtml(definition.content.compiled.code, data), data.headings, data.strings) }} />;
  }
  return <SpecialPageBody data={data} />;
}

/** Where a render-time error points: the page code's frame on the stack, or the undefined component's first use. */
async function locateRenderError(root: string, definition: RenderedDefinition, sourcePath: string, error: unknown): Promise<{ line?: number; column?: number }> {
  const message = (error as Error)?.message ?? '';
  const component = /Expected component `([^`]+)`/.exec(message)?.[1];
  if (!component) {
    const positions = definition.content.type === 'mdx' ? definition.content.compiled.positions : undefined;
    const generated = positions ? pageCodeFrame(error) : undefined;
    // A child React cannot render is found by the element's call; the child is among its arguments.
    const prefer = error instanceof InvalidChildError ? 'after' : 'before';
    return (generated && positions ? originalPosition(positions, generated, prefer) : undefined) ?? {};
  }
  const source = await readFile(join(root, sourcePath), 'utf8').catch(() => '');
  const offset = source.search(new RegExp(`<${component.replace('.', '\\.')}[\\s/>]`));
  return offset >= 0 ? positionAt(source, offset) : {};
}

/** Worker task: one route to one HTML file (kept in the persistent cache when `cache` says where; the build looks pages up there first). */
export async function renderRoute(input: RenderInput): Promise<RenderOutput> {
  // A site that failed to load is its sender's error (the build's, dev's); a page renders with what
  // there is, as it did before the wait.
  await siteSetting.catch(() => undefined);
  if (!site) throw new Error('renderRoute before setSite');
  const { definition, cache } = input;
  if (input.codeAt && definition.content.type === 'mdx') definition.content.compiled.code = readCode(definition, input.codeAt);
  const outputPath = outputPathFor(definition.route, definition.locale ?? defaultLocale, defaultLocale);
  const target = input.write ? join(input.outDir, outputPath) : undefined;
  try {
    const { html, theme } = await renderHtml(input, site);
    // Encoded once for the cache file and the page's file.
    const bytes = cache && target !== undefined ? Buffer.from(html) : html;
    if (cache) await keepRendered(cache.dir, cache.key, { html: bytes, theme });
    if (target === undefined) return { outputPath, page: { html, theme } };
    // Synchronous: this worker has nothing else to do meanwhile, and each asynchronous call is a hand-off to libuv's thread pool (cache-entry.ts).
    mkdirSync(dirname(target), { recursive: true });
    return { outputPath, stamp: writeNewFileSync(target, bytes) };
  } catch (error) {
    // Only diagnostics survive the trip back from the worker with their details.
    if (isFileSystemError(error)) throw new DiagnosticError([fileSystemDiagnostic(error, input.root)]);
    throw error;
  }
}

/** The page's code from its compile cache entry; a pack gone since the look-up (the cache cleared while the build ran) is `CODE_UNREADABLE`, and the sender reads it (render-in-pool.ts). */
function readCode(definition: RenderedDefinition, place: PayloadPart): string {
  try {
    return readPayloadPart(place).toString('utf8');
  } catch (error) {
    throw Object.assign(new Error(`Rendering ${definition.route}: its code in ${place.file} could not be read: ${(error as Error).message}`), { name: CODE_UNREADABLE });
  }
}

async function renderHtml(input: RenderInput, site: SiteIndex): Promise<Rendered> {
  const { definition } = input;
  const data = site.routeData(definition);
  let html: string;
  try {
    const Content = await loadContent(definition);
    const page = (
      <RouteDataContext.Provider value={data}>
        <DocsLayout data={data}>
          <Body data={data} definition={definition} Content={Content} />
        </DocsLayout>
      </RouteDataContext.Provider>
    );
    // The frame without React's renderer (static-markup.ts), where it models what React writes: a
    // page of Markdown, or of MDX that runs no code but docs-gen's (`toolComponentsOnly`).
    const { content } = definition;
    const tried = !Content || (content.type === 'mdx' && runsToolCodeOnly(content.compiled, toolComponentsOnly));
    html = `<!doctype html>${tried ? frameMarkup(page) : reactServer().renderToStaticMarkup(page)}`;
  } catch (error) {
    const message = (error as Error).message;
    const file = definition.sourcePath;
    throw new DiagnosticError([
      {
        severity: 'error',
        code: 'render-failed',
        message: `Rendering ${definition.route} failed: ${message}`,
        file,
        ...(file ? await locateRenderError(input.root, definition, file, error) : {}),
      },
    ]);
  }
  return { html, theme: data.theme };
}
