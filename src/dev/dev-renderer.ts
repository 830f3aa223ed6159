import { pageToTransform, renderInPool } from '../build/render-in-pool.ts';
import type { SiteSnapshot } from '../build/route-data.ts';
import { sitePatch, type SitePatch } from '../build/site-patch.ts';
import type { Plugin, PluginContext, RouteDefinition } from '../pipeline/plugin.ts';
import { runTransformPage } from '../pipeline/run-plugins.ts';
import type { WorkerPool } from '../pipeline/worker-pool.ts';
import { distUrl } from '../util/dist-path.ts';
import { sameData } from '../util/same-data.ts';

const RENDER_WORKER = () => distUrl('src/build/render-worker.js');

/** What a route's HTML depends on besides the site snapshot: compared by identity, so unchanged pages keep their HTML. */
function fingerprint(definition: RouteDefinition): unknown[] {
  const { content } = definition;
  const body = content.type === 'mdx' ? content.compiled : content.type === 'html' ? content.html : content.type;
  return [body, definition.headings, definition.frontMatter, definition.title, JSON.stringify(definition.theme ?? {})];
}

const cacheKeyOf = (definition: RouteDefinition) => `${definition.locale} ${definition.route}`;

const same = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * Renders routes on demand in the worker pool, as the build does, and keeps the HTML until the
 * route or the site snapshot (navigation, routes, assets, config) changes. A page edit that keeps
 * titles and the page map re-renders that page alone; a title change re-renders every page
 * (each shows it in the sidebar), lazily, when asked for.
 */
export class DevRenderer {
  private readonly cache = new Map<string, { key: unknown[]; html: string }>();
  private readonly inflight = new Map<string, { key: unknown[]; snapshotKey: number; html: Promise<string> }>();
  /** Each route's last HTML that rendered, whatever changed since: what dev serves while the route fails. */
  private readonly lastGood = new Map<string, string>();
  /** MDX pages with imports rendered by the current workers: Node keeps every module file it imports for good. */
  private readonly pageModules = new Set<string>();
  /** The snapshot the workers hold, and a number that changes with it (renders started under an older one are not cached). */
  private snapshot: SiteSnapshot | undefined;
  private snapshotKey = 0;

  constructor(
    private readonly pool: () => WorkerPool,
    private readonly root: string,
  ) {}

  /**
   * Hands the workers the site when it changed (and drops every cached page then): only the
   * parts that differ from the last whole snapshot they got when those are all a patch may hold
   * (an image table, the route lists), else the whole snapshot.
   */
  async setSnapshot(snapshot: SiteSnapshot): Promise<boolean> {
    // Compared part by part, the same objects at once: no text of the whole site per edit.
    if (this.snapshot && sameData(snapshot, this.snapshot)) return false;
    const patch = this.wholeSent && sitePatch(this.wholeSent, snapshot);
    try {
      if (patch) await this.pool().broadcast({ moduleUrl: RENDER_WORKER(), exportName: 'patchSite', input: patch });
      else {
        // The empty patch replaces an older one the pool would otherwise replay to a new worker after
        // this snapshot. Always sent: after a config change (`reset`) the pool is the same one, and
        // still holds the patch made for the old site.
        await Promise.all([
          this.pool().broadcast({ moduleUrl: RENDER_WORKER(), exportName: 'setSite', input: snapshot }),
          this.pool().broadcast({ moduleUrl: RENDER_WORKER(), exportName: 'patchSite', input: {} satisfies SitePatch }),
        ]);
        this.wholeSent = snapshot;
      }
      this.snapshot = snapshot;
    } finally {
      // Emptied once the broadcast is over, not before: a render that ended while the workers were
      // being sent the site may have used the old one (under load, a page kept its old sidebar tree
      // after a rename), and a render still running then is not kept (its key is older). Also when
      // the broadcast failed: some workers may hold the new site already.
      this.cache.clear();
      this.snapshotKey++;
    }
    return true;
  }

  /** The last snapshot the workers got whole (`setSite`). */
  private wholeSent: SiteSnapshot | undefined;

  /** Forgets everything (new workers, which have no site yet). */
  reset(): void {
    this.cache.clear();
    this.wholeSent = undefined;
    this.pageModules.clear();
    this.snapshot = undefined;
    this.snapshotKey++;
  }

  /** How many page module files the current workers have imported (each stays in their memory). */
  get pageModulesImported(): number {
    return this.pageModules.size;
  }

  /** The route's last HTML that rendered, if it ever did. */
  lastGoodHtml(definition: RouteDefinition): string | undefined {
    return this.lastGood.get(cacheKeyOf(definition));
  }

  /** Forgets the routes not in `routes` (deleted or renamed pages), so nothing is kept per route that once was. */
  retain(routes: readonly RouteDefinition[]): void {
    // By locale, then by the route string itself, whose hash the string keeps from one save to the
    // next: a set of every route's key was 10 000 new strings to hash on each save. A key kept here
    // (one per route rendered this session) is matched against each locale's spelling instead of
    // being split: a plugin's route may have a locale with a space in it.
    const current = new Map<string, Set<string>>();
    for (const { locale, route } of routes) {
      const spelled = String(locale);
      let inLocale = current.get(spelled);
      if (!inLocale) current.set(spelled, (inLocale = new Set()));
      inLocale.add(route);
    }
    const isCurrent = (key: string) => {
      for (const [locale, inLocale] of current) if (key.startsWith(`${locale} `) && inLocale.has(key.slice(locale.length + 1))) return true;
      return false;
    };
    for (const map of [this.cache, this.lastGood]) for (const key of map.keys()) if (!isCurrent(key)) map.delete(key);
  }

  /** The route's HTML document, after the plugins' `transformPage`. Rejects with a DiagnosticError when rendering fails. */
  render(definition: RouteDefinition, options: { plugins: Plugin[]; context: PluginContext }): Promise<string> {
    const cacheKey = cacheKeyOf(definition);
    const key = fingerprint(definition);
    const cached = this.cache.get(cacheKey);
    if (cached && same(cached.key, key)) return Promise.resolve(cached.html);
    if (definition.content.type === 'mdx' && definition.content.compiled.kind === 'module') this.pageModules.add(definition.content.compiled.code);
    // A page rendered ahead of the reload and the reload's own request share one render.
    const running = this.inflight.get(cacheKey);
    if (running && same(running.key, key) && running.snapshotKey === this.snapshotKey) return running.html;
    const html = this.renderNow(definition, options, cacheKey, key).finally(() => {
      if (this.inflight.get(cacheKey)?.html === html) this.inflight.delete(cacheKey);
    });
    this.inflight.set(cacheKey, { key, snapshotKey: this.snapshotKey, html });
    return html;
  }

  private async renderNow(definition: RouteDefinition, options: { plugins: Plugin[]; context: PluginContext }, cacheKey: string, key: unknown[]): Promise<string> {
    const snapshotKey = this.snapshotKey;
    const output = await renderInPool(this.pool(), { definition, root: this.root, outDir: '', write: false }, options.context.config.evaluationTimeoutMs);
    const page = pageToTransform(output, definition, options.context.config.defaultLocale);
    await runTransformPage(options.plugins, page, options.context);
    // A snapshot that changed while this page rendered makes it stale: serve it, do not keep it.
    if (snapshotKey === this.snapshotKey) this.cache.set(cacheKey, { key, html: page.html });
    // Nor as the route's last good HTML (served while it fails), unless it has none yet.
    if (snapshotKey === this.snapshotKey || !this.lastGood.has(cacheKey)) this.lastGood.set(cacheKey, page.html);
    return page.html;
  }
}
