/**
 * The one rule for the config's `redirects` with Next.js path patterns (`/old/:slug`,
 * `/docs/:path*`): which request paths a redirect matches and where it sends them. `check`
 * follows links through it, `dev` and `preview` answer with it, and the build writes the same
 * rules into `_redirects` for the static host. No `node:` imports: a pure function of the config.
 */
import { isExternalHref } from './resolve-link.ts';

/** A redirect as the config holds it. */
export interface RedirectRule {
  source: string;
  destination: string;
  permanent?: boolean;
}

/** One segment of a source pattern: a fixed name, a `:param` (one segment) or a `:param*`/`:param+` (the rest). */
type SourceSegment = { kind: 'text'; value: string } | { kind: 'param'; name: string } | { kind: 'rest'; name: string; oneOrMore: boolean };

const PARAM = /^:([A-Za-z_][A-Za-z0-9_]*)([*+])?$/;
/** What makes a source a pattern rather than a fixed path. */
const PATTERN_CHARACTERS = /[:*+?()]/;
/** A parameter in a destination: `:slug`, `:path*`. A scheme's `https:` or a port's `:8080` is none. */
const DESTINATION_PARAM = /:([A-Za-z_][A-Za-z0-9_]*)[*+?]?/g;

/** True when `source` is a pattern (`:param`, `*`, a regex group) rather than one fixed path. */
export function isPatternSource(source: string): boolean {
  return PATTERN_CHARACTERS.test(source);
}

/**
 * The segments of a source pattern, or undefined when it uses what a static site cannot follow
 * the same way everywhere: a parameter inside a segment (`/a-:id`), a regex group (`:id(\\d+)`),
 * an optional `:id?`, or `*`/`+` before the last segment (hosts' splats only end a path).
 */
export function parseRedirectSource(source: string): SourceSegment[] | undefined {
  const parts = source.replace(/^\/+|\/+$/g, '').split('/').filter(Boolean);
  const segments: SourceSegment[] = [];
  for (const [i, part] of parts.entries()) {
    const param = PARAM.exec(part);
    if (param) {
      if (param[2] && i !== parts.length - 1) return undefined;
      segments.push(param[2] ? { kind: 'rest', name: param[1]!, oneOrMore: param[2] === '+' } : { kind: 'param', name: param[1]! });
    } else if (PATTERN_CHARACTERS.test(part)) {
      return undefined;
    } else {
      segments.push({ kind: 'text', value: part });
    }
  }
  return segments;
}

/** Why a pattern cannot be followed, for the warning that lists it; undefined when it can. */
export function unsupportedRedirect(source: string): string | undefined {
  if (!isPatternSource(source) || parseRedirectSource(source)) return undefined;
  return 'a pattern docs-gen cannot follow: only whole-segment :params, and :param* or :param+ at the end';
}

/** The values a path gives a pattern's parameters, or undefined when it does not match. */
function matchSegments(segments: SourceSegment[], path: string): Map<string, string> | undefined {
  const parts = path.replace(/^\/+|\/+$/g, '').split('/').filter(Boolean);
  const values = new Map<string, string>();
  for (const [i, segment] of segments.entries()) {
    if (segment.kind === 'rest') {
      const rest = parts.slice(i);
      if (segment.oneOrMore && !rest.length) return undefined;
      values.set(segment.name, rest.join('/'));
      return values;
    }
    const part = parts[i];
    if (part === undefined) return undefined;
    if (segment.kind === 'text' && segment.value !== part) return undefined;
    if (segment.kind === 'param') values.set(segment.name, part);
  }
  return parts.length === segments.length ? values : undefined;
}

/** Where a matched redirect sends the reader: a route of the site (no base path) or an external URL, and the HTTP status. */
export interface RedirectTarget {
  location: string;
  /** 308 (permanent, Next.js's default) or 307 (`permanent: false`). */
  status: 307 | 308;
  rule: RedirectRule;
}

/** The status Next.js answers a redirect with: 308 unless `permanent: false`. */
export function redirectStatus(rule: RedirectRule): 307 | 308 {
  return rule.permanent === false ? 307 : 308;
}

/** A rule whose source parsed, with its segments; rules that cannot be followed are left out. */
interface CompiledRedirect {
  rule: RedirectRule;
  segments: SourceSegment[];
}

/**
 * Each rule set's parsed sources, by the array the config holds: dev and preview match every
 * request and `check` every link against the same set, which is parsed once. A changed config is
 * a new array, parsed afresh; a rule set is not changed in place once matched against.
 */
const compiledRuleSets = new WeakMap<readonly RedirectRule[], readonly CompiledRedirect[]>();

function compiledRedirects(rules: readonly RedirectRule[]): readonly CompiledRedirect[] {
  let compiled = compiledRuleSets.get(rules);
  if (!compiled) {
    compiled = rules.flatMap((rule) => {
      const segments = parseRedirectSource(rule.source);
      return segments ? [{ rule, segments }] : [];
    });
    compiledRuleSets.set(rules, compiled);
  }
  return compiled;
}

/**
 * The first redirect whose source matches `route` (a route of the site, without base path or
 * locale prefix), with its destination's parameters filled in. A `:param*` that matched nothing
 * leaves no empty segment behind (`/guide/:slug*` from `/docs` is `/guide`).
 */
export function matchRedirect(rules: readonly RedirectRule[], route: string): RedirectTarget | undefined {
  for (const { rule, segments } of compiledRedirects(rules)) {
    const values = matchSegments(segments, route);
    if (!values) continue;
    const filled = rule.destination.replace(DESTINATION_PARAM, (whole, name: string) => values.get(name) ?? whole);
    const location = isExternalHref(filled) ? filled : filled.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
    return { location, status: redirectStatus(rule), rule };
  }
  return undefined;
}

/**
 * A redirect for a URL path under the base path (what dev and preview are asked for): the
 * route is matched as it is, and a non-default locale's prefix is kept on the destination, as
 * Next.js matches redirects in every locale. Undefined when no redirect matches.
 */
export function redirectForUrlPath(rules: readonly RedirectRule[], urlPath: string, options: { locales: readonly string[]; defaultLocale: string }): RedirectTarget | undefined {
  const [, first] = urlPath.split('/');
  if (first && first !== options.defaultLocale && options.locales.includes(first)) {
    const target = matchRedirect(rules, urlPath.slice(first.length + 1) || '/');
    if (target) return isExternalHref(target.location) ? target : { ...target, location: target.location === '/' ? `/${first}` : `/${first}${target.location}` };
  }
  return matchRedirect(rules, urlPath);
}

/** Netlify's and Cloudflare Pages' spelling of a path: `:param*`/`:param+` become a `*` splat in a source and `:splat` in a destination. */
function hostPath(path: string, side: 'source' | 'destination'): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)([*+])/g, side === 'source' ? '*' : ':splat');
}

/**
 * The `_redirects` file (Netlify and Cloudflare Pages): one `source destination status` line per
 * redirect and locale (a non-default locale's copy under its prefix), under the base path. Patterns
 * a host cannot follow are left out (the config loader warned about them).
 */
export function redirectsFile(rules: readonly RedirectRule[], options: { basePath: string; locales: readonly string[]; defaultLocale: string }): string {
  const lines: string[] = [];
  const prefixes = ['', ...options.locales.filter((l) => l !== options.defaultLocale).map((l) => `/${l}`)];
  for (const prefix of prefixes) {
    for (const { rule } of compiledRedirects(rules)) {
      const source = `${options.basePath}${prefix}${hostPath(rule.source, 'source')}`;
      const destination = isExternalHref(rule.destination) ? hostPath(rule.destination, 'destination') : `${options.basePath}${prefix}${hostPath(rule.destination, 'destination')}`;
      lines.push(`${source} ${destination} ${redirectStatus(rule)}`);
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
