import type { ResolvedConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { resolveLink } from '../shared/resolve-link.ts';
import type { LinkTargets } from './link-targets.ts';

/**
 * Each fixed redirect's destination, once (a pattern's destination is checked per link, in
 * `checkLink`): an internal one must be a page (or a file) of the site.
 * Links to a redirect's source are good when this passes, so a moved page is followed, not
 * reported at every link to its old path.
 */
export function checkRedirects(redirects: ResolvedConfig['redirects'], targets: LinkTargets, options: { defaultLocale: string; configFile?: string }): Diagnostic[] {
  const findings: Diagnostic[] = [];
  for (const redirect of redirects) {
    const resolved = resolveLink(redirect.destination, { pageRoute: '/', folderRoute: '/' });
    if (!resolved || targets.atUrl(resolved.route) || targets.isFile(resolved.route)) continue;
    findings.push({
      severity: 'error',
      code: 'broken-link',
      message: `broken link ${redirect.destination} — no page at ${resolved.route}`,
      file: options.configFile,
      target: redirect.destination,
      hint: `the redirect from ${redirect.source} leads there`,
    });
  }
  return findings;
}
