import type * as z from 'zod/mini';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { positionAt } from '../diagnostics/diagnostic.ts';
import { didYouMean } from './did-you-mean.ts';

/** Known keys of the object schema at `path`, for did-you-mean hints. */
function knownKeysAt(schema: z.ZodMiniType, path: PropertyKey[]): string[] {
  let current: unknown = schema;
  for (const segment of [...path, null]) {
    // Unwrap optional/default/prefault wrappers to reach the object shape.
    for (let i = 0; i < 5; i++) {
      const def = (current as { def?: { innerType?: unknown; element?: unknown; type?: string } }).def;
      if (def?.innerType) current = def.innerType;
      else break;
    }
    const shape = (current as { shape?: Record<string, unknown> }).shape;
    if (segment === null) return shape ? Object.keys(shape) : [];
    if (typeof segment === 'number') {
      current = (current as { def?: { element?: unknown } }).def?.element;
    } else if (shape) {
      current = shape[String(segment)];
    } else return [];
    if (!current) return [];
  }
  return [];
}

function keyPathOf(path: PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
}

/** Best-effort place of a key in the config source: the first `key:` after its parents. */
function locateKey(source: string | undefined, path: PropertyKey[]): { line: number; column: number } | undefined {
  if (!source) return undefined;
  let from = 0;
  let found: number | undefined;
  for (const segment of path) {
    if (typeof segment !== 'string') continue;
    const pattern = new RegExp(`(^|[\\s{,])(['"]?)${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\2\\s*:`, 'g');
    pattern.lastIndex = from;
    const match = pattern.exec(source);
    if (!match) return found === undefined ? undefined : positionAt(source, found);
    found = match.index + match[1]!.length;
    from = found + 1;
  }
  return found === undefined ? undefined : positionAt(source, found);
}

/** Rewrites zod issues into diagnostics naming the key path, with a did-you-mean for unknown keys. */
export function configIssuesToDiagnostics(
  schema: z.ZodMiniType,
  issues: z.core.$ZodIssue[],
  file: string,
  source?: string,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeysAt(schema, issue.path);
      for (const key of issue.keys) {
        const path = [...issue.path, key];
        const suggestion = didYouMean(key, known);
        out.push({
          severity: 'error',
          code: 'config-unknown-key',
          message: `Unknown config key \`${keyPathOf(path)}\``,
          file,
          keyPath: keyPathOf(path),
          ...locateKey(source, path),
          hint: suggestion ? `did you mean \`${keyPathOf([...issue.path, suggestion])}\`?` : `known keys here: ${known.join(', ')}`,
        });
      }
      continue;
    }
    const keyPath = keyPathOf(issue.path);
    const custom = issue.message.startsWith('Invalid `');
    out.push({
      severity: 'error',
      code: 'config-invalid',
      // The seed's exact messages (e.g. 'Invalid `docsRepositoryBase` URL!') stand alone.
      message: custom ? issue.message : `Invalid config value at \`${keyPath}\`: ${issue.message}`,
      file,
      keyPath,
      ...locateKey(source, issue.path),
    });
  }
  return out;
}
