import { describe, expect, test } from 'vitest';
import { exitCodeOf, githubAnnotation, reportJson, summaryLine, type CheckReport } from '../../../src/check/report.ts';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.ts';

const anchor: Diagnostic = {
  severity: 'error',
  code: 'broken-anchor',
  message: 'broken anchor /rel/ref/values#boolean — no heading with id "boolean" on /rel/ref/values',
  file: 'content/rel/primer/basic-syntax.mdx',
  line: 42,
  column: 7,
  target: '/rel/ref/values#boolean',
  hint: 'did you mean #booleans?',
};

const report = (findings: Diagnostic[]): CheckReport => ({
  complete: true,
  pages: 3,
  errors: findings.filter((d) => d.severity === 'error').length,
  warnings: findings.filter((d) => d.severity === 'warning').length,
  ms: 1234.5,
  findings,
});

describe('GitHub annotations', () => {
  test('carry the file, line and column, and the hint on a second line', () => {
    expect(githubAnnotation(anchor)).toBe(
      '::error file=content/rel/primer/basic-syntax.mdx,line=42,col=7,title=docs-gen broken-anchor::broken anchor /rel/ref/values#boolean — no heading with id "boolean" on /rel/ref/values%0Adid you mean #booleans?',
    );
  });

  test.each([
    ['a percent sign in the message', { message: '100% broken' }, '::100%25 broken'],
    ['a comma and a colon in the file name', { file: 'content/a,b:c.mdx' }, 'file=content/a%2Cb%3Ac.mdx,'],
    ['a carriage return', { message: 'a\r\nb' }, '::a%0D%0Ab'],
  ])('escape %s', (_, change, expected) => {
    expect(githubAnnotation({ ...anchor, hint: undefined, ...change })).toContain(expected);
  });

  test('make warnings warnings, and leave out what is unknown', () => {
    expect(githubAnnotation({ severity: 'warning', code: 'unreachable-page', message: 'page /x is unreachable' })).toBe('::warning title=docs-gen unreachable-page::page /x is unreachable');
  });
});

describe('the report', () => {
  test('exits 1 with an error, 0 with only warnings', () => {
    expect(exitCodeOf(report([anchor]))).toBe(1);
    expect(exitCodeOf(report([{ ...anchor, severity: 'warning' }]))).toBe(0);
    expect(exitCodeOf(report([]))).toBe(0);
  });

  test('as JSON names every field of every finding, null when unknown', () => {
    const json = JSON.parse(reportJson(report([{ severity: 'warning', code: 'unreachable-page', message: 'm' }])));
    expect(json).toEqual({
      complete: true,
      pages: 3,
      errors: 0,
      warnings: 1,
      ms: 1235,
      findings: [{ severity: 'warning', code: 'unreachable-page', message: 'm', file: null, line: null, column: null, target: null, hint: null }],
    });
  });

  test('ends with a summary line', () => {
    expect(summaryLine(report([anchor]))).toBe('docs-gen check: 1 error, 0 warnings in 3 pages, 1.23 s');
    expect(summaryLine(report([]))).toBe('docs-gen check: no problems found in 3 pages, 1.23 s');
    expect(summaryLine({ ...report([anchor]), complete: false })).toContain('stopped early');
  });
});
