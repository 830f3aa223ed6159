import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerRedirect, contentTypeOf, findFile, refuseOtherMethods, sendFile } from './static-server.ts';
import { injectDevClient, type ChangesTold } from './dev-client.ts';
import type { DevSite } from './dev-site.ts';
import { runDevRequest } from '../pipeline/run-plugins.ts';

const ASSET_PREFIX = '/_docs-gen/';

function sendHtml(request: IncomingMessage, response: ServerResponse, status: number, html: string, changesShown: ChangesTold): void {
  const body = injectDevClient(html, changesShown);
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** A page with only the dev client: the overlay shows why there is nothing else (a config that does not load). */
const ERROR_PAGE = '<!doctype html><html><head><meta charset="utf-8"><title>docs-gen dev: error</title></head><body></body></html>';

/**
 * The URL paths of the page whose Markdown `<path>` may be (the llms output's `markdownPath` the
 * other way round): `/guide.md` is `/guide`'s, `/index.md` the home page's, and `/x/index.md`
 * either a route `/x/index` or the locale root `/x`.
 */
function pagePathsOfMarkdown(path: string): string[] {
  if (!path.endsWith('.md')) return [];
  const page = path.slice(0, -'.md'.length);
  return page.endsWith('/index') ? [page, page.slice(0, -'/index'.length) || '/'] : [page];
}

/**
 * Answers one dev request, in this order: the plugins' `devRequest` hooks (the image-size
 * plugin answers `/_next/image`), the config's redirects (308/307), a route (rendered on demand, compiled first if needed), the client assets, a file a
 * plugin emitted, a file in public/, a file `postBuild` wrote (search data). Anything else gets
 * the site's 404 page with status 404. Files are only ever served from inside their folders.
 * `changesTold` is how many changes the tabs have been told of, and in which session: a page says how many it shows.
 */
export async function handleDevRequest(site: DevSite, request: IncomingMessage, response: ServerResponse, changesTold: () => ChangesTold = () => ({ count: 0, session: '' })): Promise<void> {
  // Counted before the page is rendered: a change told while it renders may not be in it, and the
  // tab, hearing a higher count when its socket opens, shows the page again.
  const changesShown = changesTold();
  if (refuseOtherMethods(request, response)) return;
  if (!site.ready) return sendHtml(request, response, 500, ERROR_PAGE, changesShown);
  const { context, plugins } = site.pipeline;
  const base = site.basePath;
  const url = new URL(request.url ?? '/', 'http://localhost');
  // The plugins' own URLs first (the image-size plugin answers `/_next/image`).
  if (await runDevRequest(plugins, { request, response, url, refusedLink: site.refusedLink }, context)) return;
  if (base && url.pathname === '/') {
    response.writeHead(302, { location: `${base}/` }).end();
    return;
  }
  // Redirects before pages, as Next.js checks them before its file system.
  const { config } = site.pipeline;
  if (answerRedirect(request, response, { rules: config.redirects, basePath: base, locales: config.locales.map((l) => l.locale), defaultLocale: config.defaultLocale })) return;
  const inBase = !base || url.pathname === base || url.pathname.startsWith(`${base}/`);
  const path = inBase ? url.pathname.slice(base.length) || '/' : undefined;
  if (path !== undefined) {
    const route = site.routes.at(path);
    if (route) {
      const page = await site.render(await site.ensureCompiled(route));
      return sendHtml(request, response, page.status, page.html, changesShown);
    }
    const asset = path.startsWith(ASSET_PREFIX) ? await findFile(site.outDir, path) : undefined;
    if (asset) return sendFile(request, response, asset);
    const emitted = site.emitted.get(path.slice(1));
    if (emitted !== undefined) {
      response.writeHead(200, { 'content-type': contentTypeOf(path), 'cache-control': 'no-cache' });
      response.end(request.method === 'HEAD' ? undefined : emitted);
      return;
    }
    const publicFile = await findFile(context.publicDir, path, site.refusedLink);
    if (publicFile) return sendFile(request, response, publicFile);
    // A page's Markdown is made from its compile, as its HTML is: a page dev has not compiled yet
    // (a restart starts from stubs, which have no body) is compiled first, so that postBuild
    // writes its `.md` now rather than once the background has got to it.
    const markdownPage = pagePathsOfMarkdown(path).map((pagePath) => site.routes.at(pagePath)).find((route) => route !== undefined);
    if (markdownPage) await site.ensureCompiled(markdownPage);
    await site.exclusive(() => site.runPostBuild());
    const written = await findFile(site.outDir, path);
    if (written && !written.endsWith('.html')) return sendFile(request, response, written);
  }
  const notFound = site.routes.notFound(path ?? '/');
  if (notFound) return sendHtml(request, response, 404, (await site.render(notFound)).html, changesShown);
  response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
}
