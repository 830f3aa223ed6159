import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ComponentType } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MDXContent } from 'mdx/types';
import type { RouteDefinition } from '../pipeline/plugin.ts';
import { DiagnosticError, positionAt } from '../diagnostics/diagnostic.ts';
import { DocsLayout } from '../../theme/layouts/DocsLayout.tsx';
import { HomePage, NotFoundPage, SearchPage, ServerErrorPage } from '../../theme/components/SpecialPages.tsx';
import { mdxComponents } from '../../theme/mdx/components.tsx';
import { islandComponent } from '../../theme/mdx/Island.tsx';
import { responsiveImagesInHtml } from '../../theme/mdx/DocImage.tsx';
import { RouteDataContext } from '../../theme/route-data-context.ts';
import type { ResolvedThemeOptions, RouteData } from '../shared/types.ts';
import { outputPathFor, SiteIndex, type SiteSnapshot } from './route-data.ts';

let site: SiteIndex | undefined;
let defaultLocale = 'en-US';
/** The plugins' MDX components, then the config's islands: by JSX name. */
let registered: Record<string, ComponentType<never>> = {};

/** Worker task: receive the site once per build. */
export async function setSite(snapshot: SiteSnapshot): Promise<void> {
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
}

export interface RenderInput {
  definition: RouteDefinition;
  root: string;
  outDir: string;
  /** Write the file here (no `transformPage` hooks) or hand the HTML back. */
  write: boolean;
}

export interface RenderOutput {
  outputPath: string;
  /** The theme options the page was rendered with: what `transformPage` gets. */
  theme: ResolvedThemeOptions;
  html?: string;
  bytes: number;
}

async function loadContent(definition: RouteDefinition): Promise<MDXContent | undefined> {
  if (definition.content.type !== 'mdx') return undefined;
  const { compiled } = definition.content;
  if (compiled.kind === 'html') return undefined;
  if (compiled.kind === 'module') return ((await import(pathToFileURL(compiled.code).href)) as { default: MDXContent }).default;
  // What @mdx-js/mdx's runSync does, without loading the compiler into the render worker.
  const module = new Function(compiled.code)({ ...runtime, baseUrl: import.meta.url }) as { default: MDXContent };
  return module.default;
}

function Body({ data, definition, Content }: { data: RouteData; definition: RouteDefinition; Content?: MDXContent }) {
  if (Content) return <Content components={mdxComponents(data, registered) as Record<string, ComponentType>} />;
  if (definition.content.type === 'html') return <div className="html-content" dangerouslySetInnerHTML={{ __html: responsiveImagesInHtml(definition.content.html, data) }} />;
  if (definition.content.type === 'mdx' && definition.content.compiled.kind === 'html') {
    return <div className="markdown-content" dangerouslySetInnerHTML={{ __html: responsiveImagesInHtml(definition.content.compiled.code, data) }} />;
  }
  if (data.special === '404') return <NotFoundPage data={data} />;
  if (data.special === '500') return <ServerErrorPage data={data} />;
  if (data.special === 'search') return <SearchPage data={data} />;
  if (data.special === 'home') return <HomePage data={data} />;
  return null;
}

/** Where a render-time error points: the undefined component's first use, if that is the cause. */
async function locateRenderError(root: string, sourcePath: string, message: string): Promise<{ line?: number; column?: number }> {
  const component = /Expected component `([^`]+)`/.exec(message)?.[1];
  if (!component) return {};
  const source = await readFile(join(root, sourcePath), 'utf8').catch(() => '');
  const offset = source.search(new RegExp(`<${component.replace('.', '\\.')}[\\s/>]`));
  return offset >= 0 ? positionAt(source, offset) : {};
}

/** Worker task: one route to one HTML file. */
export async function renderRoute(input: RenderInput): Promise<RenderOutput> {
  if (!site) throw new Error('renderRoute before setSite');
  const { definition } = input;
  const data = site.routeData(definition);
  let html: string;
  try {
    const Content = await loadContent(definition);
    html = `<!doctype html>${renderToStaticMarkup(
      <RouteDataContext.Provider value={data}>
        <DocsLayout data={data}>
          <Body data={data} definition={definition} Content={Content} />
        </DocsLayout>
      </RouteDataContext.Provider>,
    )}`;
  } catch (error) {
    const message = (error as Error).message;
    const file = definition.sourcePath;
    throw new DiagnosticError([
      {
        severity: 'error',
        code: 'render-failed',
        message: `Rendering ${definition.route} failed: ${message}`,
        file,
        ...(file ? await locateRenderError(input.root, file, message) : {}),
      },
    ]);
  }
  const outputPath = outputPathFor(definition.route, data.locale, defaultLocale);
  if (!input.write) return { outputPath, theme: data.theme, html, bytes: Buffer.byteLength(html) };
  const target = join(input.outDir, outputPath);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, html);
  return { outputPath, theme: data.theme, bytes: Buffer.byteLength(html) };
}
