import { describe, expect, test } from 'vitest';
import { fileSystemDiagnostic, isFileSystemError, type FileSystemError } from '../../../src/diagnostics/file-system-error.ts';

/** What Node throws: `Object.assign(new Error(message), {errno, code, syscall, path})`. */
function systemError(code: string, syscall: string, path: string): FileSystemError {
  return Object.assign(new Error(`${code}: something, ${syscall} '${path}'`), { code, syscall, path });
}

describe('a file-system error becomes a diagnostic naming the path', () => {
  test('a full disk while writing a page names the page under out/', () => {
    const error = systemError('ENOSPC', 'write', '/site/out/rel/index.html');
    expect(isFileSystemError(error)).toBe(true);
    expect(fileSystemDiagnostic(error, '/site')).toEqual({
      severity: 'error',
      code: 'write-failed',
      message: 'Cannot write /site/out/rel/index.html: no space left on the device (ENOSPC)',
      file: 'out/rel/index.html',
    });
  });

  test('a folder outside the site keeps its absolute path', () => {
    expect(fileSystemDiagnostic(systemError('EACCES', 'mkdir', '/srv/www/out'), '/site')).toMatchObject({
      code: 'write-failed',
      message: 'Cannot write /srv/www/out: permission denied (EACCES)',
      file: '/srv/www/out',
    });
  });

  test('a copy that fails names where it was going', () => {
    const error = Object.assign(systemError('ENOSPC', 'copyfile', '/site/public/a.png'), { dest: '/site/.out.staging-1/a.png' });
    expect(fileSystemDiagnostic(error, '/site').file).toBe('.out.staging-1/a.png');
  });

  test('an error without a path or a system code is not one', () => {
    expect(isFileSystemError(new Error('boom'))).toBe(false);
    expect(isFileSystemError(Object.assign(new Error('x'), { code: 'ERR_INVALID_ARG_TYPE', path: '/a' }))).toBe(false);
  });
});
