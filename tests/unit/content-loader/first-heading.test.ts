import { describe, expect, test } from 'vitest';
import { firstHeading } from '../../../plugins/content-loader/index.ts';

// dev's stub of a page (its title before it is compiled) takes the first `#` heading.
describe('the first heading of a page, for its stub', () => {
  test.each([
    ['# A', 'A'],
    ['Intro\n# B', 'B'],
    ['x # not at a line start\n## two\n# Three ##  ', 'Three'],
    ['#nospace\n#\tTab', 'Tab'],
    ['a\r# After a carriage return\r\n', 'After a carriage return'],
    ['a\u2028# After a line separator', 'After a line separator'],
    ['a\u2029# After a paragraph separator', 'After a paragraph separator'],
    ['text\n  # indented\n# Real', 'Real'],
    ['a#b\n# C', 'C'],
    ['# [link](/x) *em*', 'link em'],
  ])('%j → %j', (body, title) => {
    expect(firstHeading(body)).toBe(title);
  });

  test('none in a page of deeper headings, or an empty one', () => {
    expect(firstHeading('## only\n### deeper\n')).toBeUndefined();
    expect(firstHeading('')).toBeUndefined();
  });
});
