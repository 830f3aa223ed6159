import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { missingImportPath, missingPackageName } from '../../../src/util/import-module.ts';

/** esbuild's message for an import it could not find, as a failed bundle gives it. */
const couldNotResolve = (specifier: string) => `Could not resolve "${specifier}"`;

describe('what an import esbuild could not find names', () => {
  test.each([
    ['fake-shout', 'fake-shout'],
    ['fake-shout/sub/path.js', 'fake-shout'],
    ['@scope/pkg', '@scope/pkg'],
    ['@scope/pkg/deep', '@scope/pkg'],
  ])('a bare import of %s: the package %s, and no file', (specifier, name) => {
    expect(missingPackageName(couldNotResolve(specifier))).toBe(name);
    expect(missingImportPath(couldNotResolve(specifier), join('/site', 'content', 'page.mdx'))).toBeUndefined();
  });

  test.each([
    ['./Note.jsx', join('/site', 'content', 'Note.jsx')],
    ['../components/Note.jsx', join('/site', 'components', 'Note.jsx')],
  ])('a relative import of %s: the file where it would be, and no package', (specifier, file) => {
    expect(missingImportPath(couldNotResolve(specifier), join('/site', 'content', 'page.mdx'))).toBe(file);
    expect(missingPackageName(couldNotResolve(specifier))).toBeUndefined();
  });

  test('an absolute import, or a message about something else, names no package', () => {
    expect(missingPackageName(couldNotResolve('/abs/file.js'))).toBeUndefined();
    expect(missingPackageName('Expected ">" but found "<"')).toBeUndefined();
  });
});
