import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** What one external URL answered. */
export interface LinkStatus {
  ok: boolean;
  /** The final HTTP status, after redirects. */
  status?: number;
  /** Why there is no usable status (timeout, DNS, refused, rate-limited). */
  error?: string;
}

export type CachedStatus = LinkStatus & { checkedAt: number };

interface CacheFile {
  version: 1;
  entries: Record<string, CachedStatus>;
}

/** The cache of earlier answers; a missing or unreadable file is an empty cache. */
export function readLinkCache(file: string): Map<string, CachedStatus> {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
    if (data.version !== 1 || typeof data.entries !== 'object') return new Map();
    return new Map(Object.entries(data.entries));
  } catch {
    return new Map();
  }
}

/** Keeps good answers only: a failure is checked again next run, so a passing outage does not stick. */
export function writeLinkCache(file: string, cache: Map<string, CachedStatus>): void {
  const entries: Record<string, CachedStatus> = {};
  for (const [url, status] of [...cache].sort(([a], [b]) => a.localeCompare(b))) if (status.ok) entries[url] = status;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ version: 1, entries } satisfies CacheFile, null, 2)}\n`);
}
