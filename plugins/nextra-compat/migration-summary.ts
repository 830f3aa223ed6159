import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { positionAt } from 'docs-gen';
import { usesRecordPath, type CompatUses } from './bundler.ts';

/** Constructs found in a page's source that the layer approximates or cannot carry over, and why. */
const APPROXIMATED: { name: string; pattern: RegExp; why: string }[] = [
  { name: 'next/head', pattern: /<Head[\s>]/g, why: 'what a page puts in <Head> is not carried over (the theme writes <head> from front matter)' },
  { name: 'next/dynamic with ssr: false', pattern: /\bssr\s*:\s*false\b/g, why: 'renders its loading stand-in: a browser-only component has no server rendering' },
  { name: 'Next.js data fetching', pattern: /export\s+(?:async\s+)?(?:function|const)\s+(?:getStaticProps|getServerSideProps|getStaticPaths)\b/g, why: 'not run: the page renders without those props' },
];

interface Place {
  file: string;
  line?: number;
}

/** `file:line, file:line (and N more)`: enough places to find them, not a wall of text. */
function places(list: Place[]): string {
  const shown = list.slice(0, 5).map((p) => (p.line ? `${p.file}:${p.line}` : p.file));
  return list.length > 5 ? `${shown.join(', ')} (and ${list.length - 5} more)` : shown.join(', ');
}

/** A page's uses record, when it belongs to the page's current version. */
function usesOf(root: string, cacheDir: string, page: string): CompatUses | undefined {
  const record = usesRecordPath(cacheDir, page);
  if (!existsSync(record)) return undefined;
  const uses = JSON.parse(readFileSync(record, 'utf8')) as CompatUses;
  const stats = statSync(join(root, page), { throwIfNoEntry: false });
  return stats && stats.size === uses.size && stats.mtimeMs === uses.mtimeMs ? uses : undefined;
}

/**
 * The migration summary `build` and `check` print for a Nextra site: pages compiled, pages that
 * used the compatibility layer (by shim and by module habit), and each construct approximated or
 * left out, with its count and places.
 */
export function migrationSummary(options: { root: string; cacheDir: string; pages: readonly { sourcePath: string }[] }): string[] {
  const { root, cacheDir, pages } = options;
  const byShim = new Map<string, number>();
  const habits = { images: 0, mdxImports: 0, rootImports: 0, jsxInJs: 0 };
  const styles = new Map<string, Place>();
  const approximated = new Map<string, Place[]>(APPROXIMATED.map((a) => [a.name, []]));
  let usedLayer = 0;
  for (const { sourcePath } of pages) {
    const uses = usesOf(root, cacheDir, sourcePath);
    if (uses && (uses.shims.length || uses.images || uses.mdxImports || uses.rootImports || uses.jsxInJs || uses.styles.length)) usedLayer++;
    for (const shim of uses?.shims ?? []) byShim.set(shim, (byShim.get(shim) ?? 0) + 1);
    for (const key of Object.keys(habits) as (keyof typeof habits)[]) habits[key] += uses?.[key] ?? 0;
    for (const style of uses?.styles ?? []) styles.set(style, { file: style });
    const source = readFileSync(join(root, sourcePath), 'utf8');
    for (const { name, pattern } of APPROXIMATED) {
      for (const match of source.matchAll(pattern)) approximated.get(name)!.push({ file: sourcePath, line: positionAt(source, match.index).line });
    }
  }
  const lines = [`Nextra migration: ${pages.length} pages read; ${usedLayer} used the compatibility layer`];
  if (byShim.size) lines.push(`  shims: ${[...byShim].sort(([a], [b]) => a.localeCompare(b)).map(([shim, count]) => `${shim} (${count} page${count === 1 ? '' : 's'})`).join(', ')}`);
  lines.push(`  module habits: ${habits.images} image imports, ${habits.mdxImports} .mdx imports, ${habits.rootImports} root-folder imports, ${habits.jsxInJs} .js files with JSX`);
  const notCarried = [...approximated].filter(([, list]) => list.length);
  if (styles.size) notCarried.push(['CSS imports', [...styles.values()]]);
  if (!notCarried.length) lines.push('  approximated or left out: nothing');
  for (const [name, list] of notCarried) {
    const why = APPROXIMATED.find((a) => a.name === name)?.why ?? "left out: the theme's stylesheet styles the pages; a site's own CSS needs its own build";
    lines.push(`  ${name}: ${list.length} — ${why} — ${places(list)}`);
  }
  return lines;
}
