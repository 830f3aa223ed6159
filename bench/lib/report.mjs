// Summaries and the printed table for bench/run.mjs.

/** Wall-time targets per corpus size (ms); sizes without one report "n/a". */
export const TIME_TARGETS_MS = { 250: 4_000, 2000: 25_000 };
/** Peak resident memory must stay below 1 GiB. */
export const MEMORY_LIMIT_BYTES = 1024 ** 3;
const MB = 1024 ** 2;

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const verdict = (pass) => (pass === null ? 'n/a' : pass ? 'PASS' : 'MISS');

/**
 * Turns the raw runs for one corpus size into the reported numbers.
 * @param {{ pages: number, runs: { wallMs: number, stats: { pages: number, ms: number, maxRssBytes: number } }[] }} input
 */
export function summarize({ pages, runs }) {
  const wallMs = runs.map((r) => r.wallMs);
  const medianMs = median(wallMs);
  const rss = runs.map((r) => r.stats.maxRssBytes).filter((v) => typeof v === 'number');
  const peakRssBytes = rss.length ? Math.max(...rss) : null;
  const limitMs = TIME_TARGETS_MS[pages] ?? null;
  return {
    pages,
    builtPages: runs.map((r) => r.stats.pages),
    wallMs: wallMs.map((v) => Math.round(v)),
    cliMs: runs.map((r) => r.stats.ms),
    medianMs: Math.round(medianMs),
    medianS: Number((medianMs / 1000).toFixed(2)),
    msPerPage: Number((medianMs / pages).toFixed(2)),
    peakRssBytes,
    peakRssMB: peakRssBytes === null ? null : Math.round(peakRssBytes / MB),
    time: { limitMs, pass: limitMs === null ? null : medianMs <= limitMs },
    memory: { limitBytes: MEMORY_LIMIT_BYTES, pass: peakRssBytes === null ? null : peakRssBytes < MEMORY_LIMIT_BYTES },
  };
}

/** Prints one line per size and the growth ratio; returns the ratio (null with one size). */
export function printTable(results) {
  const rows = [['pages', 'median', 'ms/page', 'peak RSS', 'time target', 'memory < 1 GB']];
  for (const r of results) {
    rows.push([
      String(r.pages),
      `${r.medianMs} ms (${r.medianS.toFixed(2)} s)`,
      r.msPerPage.toFixed(2),
      r.peakRssMB === null ? 'unknown' : `${r.peakRssMB} MB`,
      r.time.limitMs === null ? 'n/a' : `${verdict(r.time.pass)} (≤ ${r.time.limitMs / 1000} s)`,
      verdict(r.memory.pass),
    ]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  const line = (row) => row.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd();
  console.log(`\n${line(rows[0])}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows.slice(1)) console.log(line(row));
  if (results.length < 2) return null;
  const bySize = [...results].sort((a, b) => a.pages - b.pages);
  const growth = bySize.at(-1).msPerPage / bySize[0].msPerPage;
  console.log(
    `\ngrowth ratio (ms/page at ${bySize.at(-1).pages} ÷ ms/page at ${bySize[0].pages}): ${growth.toFixed(2)}` +
      ' — near 1 (or below, as start-up cost is spread thinner) means linear scaling',
  );
  return Number(growth.toFixed(3));
}
