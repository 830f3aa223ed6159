// What the search modal shows (seed §8, §9): highlight tags parsed into text, never HTML;
// snippets of N words; at most 5 hits a group.
import { describe, expect, test } from 'vitest';
import { groupHits, modalHitsFromHosted, parseHighlighted, plainText, snippetOf, type ModalHit } from '../../../src/shared/modal-hits.ts';
import type { HostedHit } from '../../../src/shared/hosted-search-client.ts';

describe('the search modal hits', () => {
  test('parses highlight tags into marked runs and decodes entities as text, so markup stays text', () => {
    expect(parseHighlighted('a &lt;img src=x onerror=alert(1)&gt; <mark>schema</mark> &amp; keys')).toEqual([
      { text: 'a <img src=x onerror=alert(1)> ', marked: false },
      { text: 'schema', marked: true },
      { text: ' & keys', marked: false },
    ]);
  });

  test('a content hit is titled by its deepest level, with the levels above as its path and the content snippet', () => {
    const hit: HostedHit = {
      objectID: '1',
      url: '/guide/schema#keys',
      type: 'content',
      content: 'Keys identify tuples',
      hierarchy: { lvl0: 'Guide', lvl1: 'Schema', lvl2: 'Keys', lvl3: null },
      _highlightResult: { hierarchy: { lvl1: { value: '<mark>Schema</mark>' }, lvl2: { value: 'Keys' } } },
      _snippetResult: { content: { value: '<mark>Keys</mark> identify tuples' } },
    };
    const [shown] = modalHitsFromHosted([hit]);
    expect(shown!.group).toBe('Guide');
    expect(plainText(shown!.title)).toBe('Keys');
    expect(shown!.path).toEqual([{ text: 'Schema', marked: true }]);
    expect(shown!.snippet).toEqual([
      { text: 'Keys', marked: true },
      { text: ' identify tuples', marked: false },
    ]);
  });

  test('a hit whose URL has a script scheme links nowhere', () => {
    const hit: HostedHit = { objectID: 'x', url: 'javascript:alert(1)', type: 'lvl1', hierarchy: { lvl0: 'Guide', lvl1: 'Evil' } };
    expect(modalHitsFromHosted([hit])[0]!.url).toBe('#');
    expect(modalHitsFromHosted([{ ...hit, url: 'https://docs.example.com/guide#keys' }])[0]!.url).toBe('https://docs.example.com/guide#keys');
  });

  test('cuts a snippet to N words around the first marked word, with "…" where cut', () => {
    const runs = [
      { text: 'one two three four five six ', marked: false },
      { text: 'seven', marked: true },
      { text: ' eight nine ten eleven twelve thirteen fourteen', marked: false },
    ];
    expect(plainText(snippetOf(runs, 5))).toBe('…five six seven eight nine…');
    expect(plainText(snippetOf(runs, 10))).toBe('…two three four five six seven eight nine ten eleven…');
    expect(snippetOf(runs, 5).find((run) => run.marked)?.text).toBe('seven');
    expect(plainText(snippetOf([{ text: 'short text', marked: false }], 5))).toBe('short text');
  });

  test('groups hits by top level in order of appearance, at most 5 a group', () => {
    const hit = (group: string, n: number): ModalHit => ({ id: `${group}${n}`, url: '/', group, title: [], path: [], snippet: [] });
    const hits = [...Array.from({ length: 7 }, (_, n) => hit('Guide', n)), hit('Reference', 0), hit('Guide', 9)];
    const groups = groupHits(hits);
    expect(groups.map((g) => [g.group, g.hits.length])).toEqual([
      ['Guide', 5],
      ['Reference', 1],
    ]);
  });
});
