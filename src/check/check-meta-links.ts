import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { didYouMean } from '../config/did-you-mean.ts';
import { positionAt, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { Navigation } from '../pipeline/plugin.ts';
import type { PageMapItem } from '../shared/types.ts';
import { isExternalHref, resolveLink } from '../shared/resolve-link.ts';
import type { LinkTargets } from './link-targets.ts';

interface MetaLink {
  folder: string;
  name: string;
  href: string;
}

/** Every `href` in a locale's page map (external-link items and menu entries), with the folder whose `_meta` has it. */
function metaLinks(items: PageMapItem[], folder: string, out: MetaLink[] = []): MetaLink[] {
  for (const item of items) {
    if (item.href) out.push({ folder, name: item.name, href: item.href });
    for (const [key, entry] of Object.entries(item.items ?? {})) out.push({ folder, name: `${item.name}.items.${key}`, href: entry.href });
    if (item.kind === 'Folder') metaLinks(item.children ?? [], item.route, out);
  }
  return out;
}

/** Where `href` is written in the file: its n-th quoted occurrence, else the top. */
function locate(source: string, href: string, occurrence: number): { line: number; column: number } {
  let offset = -1;
  for (let i = 0; i <= occurrence; i++) {
    const next = source.slice(offset + 1).search(new RegExp(`(["'\`])${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`));
    if (next < 0) break;
    offset += next + 1;
  }
  return offset >= 0 ? positionAt(source, offset + 1) : { line: 1, column: 1 };
}

/**
 * `_meta` links (`href` of an item or a menu entry) to internal routes that do not exist.
 * They are written without the base path, as links in pages are.
 */
export function checkMetaLinks(navigation: Record<string, Navigation>, targets: LinkTargets, options: { root: string; contentDir: string; defaultLocale: string }): Diagnostic[] {
  const findings: Diagnostic[] = [];
  // The theme links `_meta` hrefs as written (plus the base path): no locale prefix is added.
  for (const { pageMap, sourceByFolder = {} } of Object.values(navigation)) {
    const seen = new Map<string, number>();
    for (const link of metaLinks(pageMap, '/')) {
      if (isExternalHref(link.href) || link.href.startsWith('#')) continue;
      const resolved = resolveLink(link.href, { pageRoute: link.folder, folderRoute: link.folder });
      if (!resolved || targets.atUrl(resolved.route) || targets.isFile(resolved.route)) continue;
      // The file the navigation says the folder's entries came from.
      const file = sourceByFolder[link.folder];
      const source = file ? readFileSync(join(options.root, file), 'utf8') : '';
      const key = `${file} ${link.href}`;
      const occurrence = seen.get(key) ?? 0;
      seen.set(key, occurrence + 1);
      const suggestion = didYouMean(resolved.route, targets.routes(options.defaultLocale));
      findings.push({
        severity: 'error',
        code: 'broken-meta-link',
        message: `broken _meta link ${link.href} (entry "${link.name}") — no page at ${resolved.route}`,
        file,
        ...locate(source, link.href, occurrence),
        target: link.href,
        hint: suggestion ? `did you mean ${suggestion}?` : undefined,
      });
    }
  }
  return findings;
}
