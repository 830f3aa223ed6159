// Figures for the bench scripts' summaries and targets tables.

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * A measured value against a target's limit: whether it is met, and the figure the targets table
 * prints. The figure has `digits` decimals, or more when those would round the value onto the
 * other side of the limit from its verdict: a warm rebuild at 0.2525× a cold one, against "≤
 * 0.25×", prints as 0.252× beside MISSED, not as 0.25×.
 * @param {number} value
 * @param {number} limit
 * @param {{ digits?: number, unit?: string, below?: boolean }} [options] `below`: the value must be
 *   under the limit (<); otherwise at most the limit (≤).
 * @returns {{ figure: string, met: boolean }}
 */
export function againstLimit(value, limit, { digits = 2, unit = '', below = false } = {}) {
  const within = (v) => (below ? v < limit : v <= limit);
  const met = within(value);
  let shown = digits;
  // Four more decimals tell apart any two medians of milliseconds a bench compares.
  while (shown < digits + 4 && within(Number(value.toFixed(shown))) !== met) shown++;
  return { figure: `${value.toFixed(shown)}${unit}`, met };
}
