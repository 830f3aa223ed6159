import { describe, expect, test } from 'vitest';
import type { RelOutputRelation } from '../../../src/shared/types.ts';
import { uiStrings } from '../../../src/shared/ui-strings.ts';
import { outputMessages } from '../../../theme/mdx/rel-output/messages.ts';
import { outputHtml } from '../../../theme/mdx/rel-output/output-html.ts';

const relation: RelOutputRelation = {
  relationId: '/:output/:city/String/Missing',
  id: '/:city/String/Missing',
  columns: [
    { label: ':city', kind: 'symbol' },
    { label: 'String', kind: 'string' },
    { label: 'Missing', kind: 'missing' },
  ],
  rows: [[':city', 'Oslo <3', null]],
};

describe('how an output is shown', () => {
  test('LOGICAL: each relation is a table whose header names the types', () => {
    expect(outputHtml([relation], 'LOGICAL')).toBe(
      '<div class="rel-output-relation"><div class="rel-output-scroll" tabindex="0" role="region" aria-label="/:output/:city/String/Missing"><table class="rel-output-table"><thead><tr><th scope="col">:city</th><th scope="col">String</th><th scope="col">Missing</th></tr></thead>' +
        '<tbody><tr><td class="rel-value rel-value-symbol">:city</td><td class="rel-value rel-value-string">Oslo &lt;3</td><td class="rel-value rel-value-missing">missing</td></tr></tbody></table></div></div>',
    );
  });

  test('PHYSICAL: each relation is collapsible under its signature', () => {
    const html = outputHtml([relation, relation], 'PHYSICAL');
    expect(html.match(/<details class="rel-output-relation" open><summary><code>\/:city\/String\/Missing<\/code><span class="rel-output-count">1 tuple<\/span><\/summary><div class="rel-output-scroll" tabindex="0" role="region" aria-label="\/:output\/:city\/String\/Missing"><table/g)).toHaveLength(2);
  });

  test('RAW: each relation is collapsible, with its tuples as Rel literals', () => {
    expect(outputHtml([relation], 'RAW')).toContain('<summary><code>/:output/:city/String/Missing</code><span class="rel-output-count">1 tuple</span></summary><pre class="rel-output-raw" tabindex="0" role="region" aria-label="/:output/:city/String/Missing"><code>(:city, &quot;Oslo &lt;3&quot;, missing)</code></pre>');
  });

  test('a region that may scroll sideways is focusable and named after its relation (axe: scrollable-region-focusable)', () => {
    for (const mode of ['LOGICAL', 'PHYSICAL', 'RAW'] as const) {
      expect(outputHtml([relation], mode)).toMatch(/class="rel-output-(scroll|raw)" tabindex="0" role="region" aria-label="\/:output\/:city\/String\/Missing"/);
    }
  });

  test('an output with no relations says so', () => {
    expect(outputHtml([], 'LOGICAL')).toBe('<p class="rel-output-status">The output is empty.</p>');
  });
});

describe("the viewer's messages (seed §8)", () => {
  test('read word for word in English', () => {
    const OUTPUT_MESSAGES = outputMessages(uiStrings('en'));
    expect(OUTPUT_MESSAGES.browserFailure('example1')).toBe('Browser failure in displaying output from example1.');
    expect(OUTPUT_MESSAGES.displayFailure('example1')).toBe('Failed to display output from example1');
    expect(OUTPUT_MESSAGES.parseFailure('example1', 'invalid JSON')).toBe('Failed to parse example1.json due to invalid JSON.');
    expect(OUTPUT_MESSAGES.parseFailure('example1.json', 'invalid JSON')).toBe('Failed to parse example1.json due to invalid JSON.');
  });
});
