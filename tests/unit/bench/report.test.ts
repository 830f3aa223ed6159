// bench/lib/report.mjs: the figures of the bench's targets tables (bench/run.mjs, bench/dev-edit.mjs).
import { describe, expect, test } from 'vitest';
import { againstLimit, median } from '../../../bench/lib/report.mjs';

describe('againstLimit', () => {
  test('a value two decimals would round onto the limit is printed with the decimals that show its verdict', () => {
    // The bench of 2026-12-03: a warm rebuild of 1560 ms against a cold build of 6179 ms.
    expect(againstLimit(1560 / 6179, 0.25, { unit: '×' })).toEqual({ figure: '0.252×', met: false });
    expect(againstLimit(0.2500004, 0.25, { unit: '×' })).toEqual({ figure: '0.250000×', met: false });
    expect(againstLimit(2.004, 2, { unit: ' s' })).toEqual({ figure: '2.004 s', met: false });
    expect(againstLimit(150.4, 150, { digits: 0, unit: ' ms' })).toEqual({ figure: '150.4 ms', met: false });
  });

  test('a value whose rounding agrees with its verdict keeps the decimals asked for', () => {
    expect(againstLimit(0.2496, 0.25, { unit: '×' })).toEqual({ figure: '0.25×', met: true });
    expect(againstLimit(0.25, 0.25, { unit: '×' })).toEqual({ figure: '0.25×', met: true });
    expect(againstLimit(4.1489, 1.5, { unit: '×' })).toEqual({ figure: '4.15×', met: false });
    expect(againstLimit(92.84, 100, { digits: 1, unit: ' MiB' })).toEqual({ figure: '92.8 MiB', met: true });
    expect(againstLimit(0.487, 1.1)).toEqual({ figure: '0.49', met: true });
  });

  test('a limit the value must stay under (`below`) is not met at the limit itself', () => {
    expect(againstLimit(1024, 1024, { digits: 0, unit: ' MiB', below: true })).toEqual({ figure: '1024 MiB', met: false });
    expect(againstLimit(1023.7, 1024, { digits: 0, unit: ' MiB', below: true })).toEqual({ figure: '1023.7 MiB', met: true });
    expect(againstLimit(345.2, 1024, { digits: 0, unit: ' MiB', below: true })).toEqual({ figure: '345 MiB', met: true });
  });
});

test('median: the middle value, or the mean of the two middle ones', () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
});
