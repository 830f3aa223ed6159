import { createHash } from 'node:crypto';
import type { ResolvedConfig } from '../config/schema.ts';
import { headScript } from './inline-scripts.ts';

/** The CSP source of an inline script: `'sha256-…'` of its exact text, as the browser hashes it. */
export function inlineScriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * The site's Content-Security-Policy when the config asks for one (`contentSecurityPolicy`), else
 * undefined. Scripts: the site's own files (client, islands, search) and the theme's inline
 * scripts by hash — today the head script that sets the colour scheme before first paint;
 * `extraInlineScripts` adds others (dev's live-reload client). `monitoring.scriptSrc` adds its
 * origin. Only script sources are restricted: the theme's inline styles and the feedback
 * endpoint keep working.
 */
export function contentSecurityPolicy(config: ResolvedConfig, extraInlineScripts: string[] = []): string | undefined {
  if (!config.contentSecurityPolicy) return undefined;
  const sources = ["'self'", ...[headScript(), ...extraInlineScripts].map(inlineScriptHash)];
  const monitoring = config.monitoring.scriptSrc;
  if (monitoring && /^https?:\/\//i.test(monitoring)) sources.push(new URL(monitoring).origin);
  return `script-src ${sources.join(' ')}; object-src 'none'; base-uri 'self'`;
}
