import { describe, expect, test } from 'vitest';
import { INTERRUPT_BUDGET, v8FlagsFor } from '../../../src/util/v8-tuning.ts';

// The budget was measured on Node 20 alone, for the commands that run to an end (bench/README.md,
// "V8's interrupt budget"): the CLI sets it there, and leaves V8 as it is everywhere else.
describe('the V8 flags the CLI sets', () => {
  const budget = [`--interrupt-budget=${INTERRUPT_BUDGET}`];

  test('for build and check on Node 20, the interrupt budget, wherever their options are', () => {
    expect(v8FlagsFor('20.20.2', [], ['build'])).toEqual(budget);
    expect(v8FlagsFor('20.19.0', ['--enable-source-maps'], ['check', '--root', 'site'])).toEqual(budget);
    expect(v8FlagsFor('20.20.2', [], ['--debug', 'build', '--keep-going'])).toEqual(budget);
  });

  test('none for the servers or without a command', () => {
    for (const args of [['dev'], ['preview', '--port', '4000'], [], ['--version'], ['--help']]) expect(v8FlagsFor('20.20.2', [], args)).toEqual([]);
  });

  test('none on other versions of Node', () => {
    for (const version of ['22.12.0', '24.0.0', '2.0.0', '200.1.0']) expect(v8FlagsFor(version, [], ['build'])).toEqual([]);
  });

  test('none when the command line sets the budget, however it spells it', () => {
    for (const execArgv of [['--interrupt-budget=67584'], ['--interrupt_budget=1'], ['--cpu-prof', '--interrupt-budget=9']]) expect(v8FlagsFor('20.20.2', execArgv, ['build'])).toEqual([]);
  });

  test('a flag of a similar name is not the budget', () => {
    expect(v8FlagsFor('20.20.2', ['--interrupt-budget-for-feedback-allocation=940'], ['build'])).toEqual(budget);
  });
});
