import { didYouMean } from '../config/did-you-mean.ts';
import { folderRouteOf, localizedRoute } from '../content/content-route.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RouteDefinition, SourceReference } from '../pipeline/plugin.ts';
import { matchRedirect, type RedirectRule } from '../shared/redirect-rules.ts';
import { isExternalHref, resolveLink } from '../shared/resolve-link.ts';
import type { LinkTargets } from './link-targets.ts';

export interface ReferenceCheckOptions {
  defaultLocale: string;
  basePath: string;
  /** The config's pattern redirects (`/old/:slug`): a link to a path one matches is checked at its destination. */
  patternRedirects?: RedirectRule[];
}

const hintFor = (suggestion: string | undefined, prefix = '') => (suggestion ? `did you mean ${prefix}${suggestion}?` : undefined);

/**
 * One internal link, resolved as the built site resolves it (the theme adds the base path and
 * the locale prefix; relative, `.md`/`.mdx` and trailing-slash forms are clean URLs): a missing
 * route or a missing `#anchor` on an existing one is a finding.
 */
export function checkLink(page: RouteDefinition, ref: SourceReference, targets: LinkTargets, options: ReferenceCheckOptions): Diagnostic | undefined {
  // Undefined for external links: those are --external's.
  const resolved = resolveLink(ref.url, { pageRoute: page.route, folderRoute: folderRouteOf(page) });
  if (!resolved) return undefined;
  const locale = page.locale ?? options.defaultLocale;
  const place = { file: page.sourcePath, line: ref.line, column: ref.column, target: ref.url };
  let target = targets.route(locale, resolved.route);
  let route = resolved.route;
  if (!target && !targets.isFile(localizedRoute(route, locale, options.defaultLocale))) {
    // Followed as the host would: `/old/x` with `/old/:slug` → `/new/:slug` is checked as `/new/x`.
    const redirect = matchRedirect(options.patternRedirects ?? [], route);
    if (redirect && isExternalHref(redirect.location)) return undefined;
    if (redirect) {
      route = resolveLink(redirect.location, { pageRoute: '/', folderRoute: '/' })?.route ?? redirect.location;
      target = targets.route(locale, route);
      if (!target && targets.isFile(localizedRoute(route, locale, options.defaultLocale))) return undefined;
      if (!target) {
        return { severity: 'error', code: 'broken-link', message: `broken link ${ref.url} — no page at ${route}`, ...place, hint: `the redirect from ${redirect.rule.source} leads there` };
      }
    }
  }
  if (!target) {
    if (targets.isFile(localizedRoute(resolved.route, locale, options.defaultLocale))) return undefined;
    const base = options.basePath;
    const withoutBase = base && resolved.route.startsWith(`${base}/`) ? resolved.route.slice(base.length) : undefined;
    const hint = withoutBase && targets.route(locale, withoutBase)
      ? `links are written without the base path (the build adds ${base}): ${withoutBase}`
      : hintFor(didYouMean(resolved.route, targets.routes(locale)));
    return { severity: 'error', code: 'broken-link', message: `broken link ${ref.url} — no page at ${resolved.route}`, ...place, hint };
  }
  if (!resolved.hash || !targets.idsKnown(target) || targets.hasId(target, resolved.hash)) return undefined;
  const headingIds = (target.headings ?? []).map((h) => h.id);
  return {
    severity: 'error',
    code: 'broken-anchor',
    message: `broken anchor ${ref.url} — no heading with id "${resolved.hash}" on ${route}`,
    ...place,
    hint: hintFor(didYouMean(resolved.hash, headingIds), '#'),
  };
}

/**
 * Every link and anchor of every page. (Images and rel outputs are checked where they are
 * measured and copied, by the image-size and rel-output plugins, whose findings `check` reports.)
 */
export function checkLinks(routes: RouteDefinition[], targets: LinkTargets, options: ReferenceCheckOptions): Diagnostic[] {
  const findings: Diagnostic[] = [];
  for (const page of routes) {
    for (const ref of page.references ?? []) {
      const finding = ref.kind === 'link' ? checkLink(page, ref, targets, options) : undefined;
      if (finding) findings.push(finding);
    }
  }
  return findings;
}
