import { expect, test } from 'vitest';
import { retryAfterMs } from '../../../src/check/external-links.ts';

const now = Date.parse('2026-01-01T00:00:00Z');

test.each([
  ['seconds', '3', 0, 3000],
  ['zero seconds', '0', 0, 0],
  ['an HTTP date', 'Thu, 01 Jan 2026 00:00:05 GMT', 0, 5000],
  ['a date in the past', 'Wed, 31 Dec 2025 23:59:00 GMT', 0, 0],
  ['nothing, first retry', null, 0, 1000],
  ['nothing, third retry', null, 2, 4000],
  ['garbage', 'soon', 1, 2000],
])('a 429 with Retry-After %s waits as long as it says', (_, header, attempt, expected) => {
  expect(retryAfterMs(header, attempt, now)).toBe(expected);
});
