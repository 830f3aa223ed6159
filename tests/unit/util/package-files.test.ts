import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { lockFilesOf, packageFilesOf } from '../../../src/util/package-files.ts';
import { tmp } from '../../helpers.ts';

const NAMES = ['package.json', 'package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lock', 'bun.lockb'];
const filesIn = (dir: string) => NAMES.map((name) => join(dir, name));

function folders(...paths: string[]): string {
  const base = tmp();
  for (const path of paths) {
    mkdirSync(join(base, path, '..'), { recursive: true });
    if (!path.endsWith('/')) writeFileSync(join(base, path), '');
  }
  return base;
}

test("a site with its own lock file: its folder's files alone", () => {
  const base = folders('site/yarn.lock', 'package-lock.json');
  expect(packageFilesOf(join(base, 'site'))).toEqual(filesIn(join(base, 'site')));
});

test("a site in a workspace: each folder's files up to the workspace's root, the first with a lock file", () => {
  const base = folders('workspace/pnpm-lock.yaml', 'workspace/docs/site/content/', 'package-lock.json');
  const site = join(base, 'workspace', 'docs', 'site');
  expect(packageFilesOf(site)).toEqual([site, join(base, 'workspace', 'docs'), join(base, 'workspace')].flatMap(filesIn));
});

test('a pnpm workspace file or a .git folder ends the walk too', () => {
  const base = folders('repo/.git/HEAD', 'repo/site/content/', 'ws/pnpm-workspace.yaml', 'ws/site/content/');
  expect(packageFilesOf(join(base, 'repo', 'site'))).toEqual([join(base, 'repo', 'site'), join(base, 'repo')].flatMap(filesIn));
  expect(packageFilesOf(join(base, 'ws', 'site'))).toEqual([join(base, 'ws', 'site'), join(base, 'ws')].flatMap(filesIn));
});

describe("lockFilesOf: the lock files a folder's code runs with", () => {
  test("the first folder at or above with a lock file gives its lock files, all of them", () => {
    const base = folders('ws/package-lock.json', 'ws/yarn.lock', 'ws/node_modules/docs-gen/package.json', 'package-lock.json');
    expect(lockFilesOf(join(base, 'ws', 'node_modules', 'docs-gen'))).toEqual([join(base, 'ws', 'package-lock.json'), join(base, 'ws', 'yarn.lock')]);
  });

  test('none up to a .git or a pnpm workspace file: none', () => {
    const base = folders('repo/.git/HEAD', 'repo/site/content/', 'package-lock.json');
    expect(lockFilesOf(join(base, 'repo', 'site'))).toEqual([]);
  });
});
