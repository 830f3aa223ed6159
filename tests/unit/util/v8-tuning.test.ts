import { describe, expect, test } from 'vitest';
import { INTERRUPT_BUDGET, LARGE_BUILD_INTERRUPT_BUDGET, LARGE_BUILD_PAGES, REGEXP_FLAG, v8FlagsFor } from '../../../src/util/v8-tuning.ts';

// The flags were measured on Node 20 alone (bench/README.md, "V8's interrupt budget" and "Regular
// expressions compiled once"): the CLI sets them there, for the commands each paid for, and
// leaves V8 as it is everywhere else.
describe('the V8 flags the CLI sets', () => {
  const budget = `--interrupt-budget=${INTERRUPT_BUDGET}`;

  test('for build on Node 20, the interrupt budget and regular expressions compiled once; for check, the budget; wherever their options are', () => {
    expect(v8FlagsFor('20.20.2', [], ['build'])).toEqual([budget, REGEXP_FLAG]);
    expect(v8FlagsFor('20.19.0', ['--enable-source-maps'], ['check', '--root', 'site'])).toEqual([budget]);
    expect(v8FlagsFor('20.20.2', [], ['--debug', 'build', '--keep-going'])).toEqual([budget, REGEXP_FLAG]);
  });

  test('a build that compiles many pages gets the lower budget; a smaller one, check and the command line keep theirs', () => {
    const large = `--interrupt-budget=${LARGE_BUILD_INTERRUPT_BUDGET}`;
    expect(LARGE_BUILD_INTERRUPT_BUDGET).toBeLessThan(INTERRUPT_BUDGET);
    expect(v8FlagsFor('20.20.2', [], ['build'], () => LARGE_BUILD_PAGES)).toEqual([large, REGEXP_FLAG]);
    expect(v8FlagsFor('20.20.2', [], ['build', '--root', 'site'], () => 10_000)).toEqual([large, REGEXP_FLAG]);
    expect(v8FlagsFor('20.20.2', [], ['build'], () => LARGE_BUILD_PAGES - 1)).toEqual([budget, REGEXP_FLAG]);
    expect(v8FlagsFor('20.20.2', [], ['check'], () => 10_000)).toEqual([budget]);
    expect(v8FlagsFor('20.20.2', ['--interrupt-budget=67584'], ['build'], () => 10_000)).toEqual([REGEXP_FLAG]);
    expect(v8FlagsFor('22.12.0', [], ['build'], () => 10_000)).toEqual([]);
  });

  test('none for the servers or without a command', () => {
    for (const args of [['dev'], ['preview', '--port', '4000'], [], ['--version'], ['--help']]) expect(v8FlagsFor('20.20.2', [], args)).toEqual([]);
  });

  test('none on other versions of Node', () => {
    for (const version of ['22.12.0', '24.0.0', '2.0.0', '200.1.0']) expect(v8FlagsFor(version, [], ['build'])).toEqual([]);
  });

  test('not the budget when the command line sets it, however it spells it', () => {
    for (const execArgv of [['--interrupt-budget=67584'], ['--interrupt_budget=1'], ['--cpu-prof', '--interrupt-budget=9']]) expect(v8FlagsFor('20.20.2', execArgv, ['build'])).toEqual([REGEXP_FLAG]);
  });

  test('not the regular-expression flag when the command line sets it either way', () => {
    for (const execArgv of [['--regexp-tier-up'], ['--no-regexp-tier-up'], ['--no_regexp_tier_up'], ['--regexp_tier_up'], ['--noregexp-tier-up']]) expect(v8FlagsFor('20.20.2', execArgv, ['build'])).toEqual([budget]);
  });

  test('a flag of a similar name is neither', () => {
    expect(v8FlagsFor('20.20.2', ['--interrupt-budget-for-feedback-allocation=940', '--regexp-tier-up-ticks=5'], ['build'])).toEqual([budget, REGEXP_FLAG]);
  });
});
