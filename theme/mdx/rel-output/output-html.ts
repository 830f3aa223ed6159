/**
 * The markup of a displayed output, as a string: the build renders it into the page and the
 * browser uses the same function for outputs it fetches itself, so both look the same.
 */
import type { RelOutputColumn, RelOutputRelation } from '../../../src/shared/types.ts';
import { escapeHtml } from '../../../src/shared/escape-html.ts';
import { relLiteral } from './values.ts';

/** Seed §3: LOGICAL (default) shows tables; PHYSICAL and RAW make relations collapsible. */
export const OUTPUT_MODES = ['LOGICAL', 'PHYSICAL', 'RAW'] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];

export function isOutputMode(mode: unknown): mode is OutputMode {
  return typeof mode === 'string' && (OUTPUT_MODES as readonly string[]).includes(mode);
}

function cell(column: RelOutputColumn, value: string | null): string {
  if (value === null) return '<td class="rel-value rel-value-missing">missing</td>';
  // The kind is one of the decoder's words; escaped all the same, as everything else written here.
  return `<td class="rel-value rel-value-${escapeHtml(column.kind)}">${escapeHtml(value)}</td>`;
}

/**
 * A region that may scroll sideways (a wide table, a long RAW line): focusable and named, so a
 * keyboard can scroll it and a screen reader says what it is (axe: scrollable-region-focusable).
 */
const scrollRegion = (relation: RelOutputRelation) => `tabindex="0" role="region" aria-label="${escapeHtml(relation.relationId)}"`;

function table(relation: RelOutputRelation): string {
  const head = relation.columns.map((c) => `<th scope="col">${escapeHtml(c.label)}</th>`).join('');
  const body = relation.rows.map((row) => `<tr>${row.length ? row.map((value, i) => cell(relation.columns[i]!, value)).join('') : '<td class="rel-value">()</td>'}</tr>`).join('');
  return `<div class="rel-output-scroll" ${scrollRegion(relation)}><table class="rel-output-table">${head ? `<thead><tr>${head}</tr></thead>` : ''}<tbody>${body}</tbody></table></div>`;
}

function tupleCount(relation: RelOutputRelation): string {
  const n = relation.rows.length;
  return `<span class="rel-output-count">${n} ${n === 1 ? 'tuple' : 'tuples'}</span>`;
}

function raw(relation: RelOutputRelation): string {
  const lines = relation.rows.map((row) => `(${row.map((value, i) => relLiteral(relation.columns[i]!.kind, value)).join(', ')})`);
  return `<pre class="rel-output-raw" ${scrollRegion(relation)}><code>${escapeHtml(lines.join('\n'))}</code></pre>`;
}

/** The shown relations of one output in `mode`. */
export function outputHtml(relations: RelOutputRelation[], mode: OutputMode): string {
  if (!relations.length) return '<p class="rel-output-status">The output is empty.</p>';
  return relations
    .map((relation) => {
      if (mode === 'LOGICAL') return `<div class="rel-output-relation">${table(relation)}</div>`;
      const summary = `<summary><code>${escapeHtml(mode === 'RAW' ? relation.relationId : relation.id)}</code>${tupleCount(relation)}</summary>`;
      return `<details class="rel-output-relation" open>${summary}${mode === 'RAW' ? raw(relation) : table(relation)}</details>`;
    })
    .join('');
}
