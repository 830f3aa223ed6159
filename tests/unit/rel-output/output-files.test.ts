import { describe, expect, test } from 'vitest';
import { outputSourceOf } from '../../../plugins/rel-output/output-files.ts';

describe('where an output file beside a page is served', () => {
  test.each([
    ['a page’s output', 'rel/primer/basic-syntax.outputs/example1.json', '/rel-output/rel/primer/basic-syntax/example1.json', { folder: 'rel/primer', name: 'basic-syntax' }],
    ['a folder index page’s output', 'rel/primer/index.outputs/overview.json', '/rel-output/rel/primer/overview.json', { folder: 'rel/primer', name: 'index' }],
    ['a nested output', 'rel/x.outputs/joins/left.json', '/rel-output/rel/x/joins/left.json', { folder: 'rel', name: 'x' }],
    ['an output of a top-level page', 'about.outputs/a.json', '/rel-output/about/a.json', { folder: '', name: 'about' }],
    ['an output of the home page', 'index.outputs/a.json', '/rel-output/a.json', { folder: '', name: 'index' }],
  ])('%s', (_what, path, urlPath, page) => {
    expect(outputSourceOf(path, '/rel-output')).toEqual({ contentPath: path, urlPath, page });
  });

  test.each(['rel/primer/basic-syntax.mdx', 'rel/data.json', 'rel/x.outputs/readme.txt', '.outputs/a.json', 'rel/x.outputs.json'])('%s is not an output file', (path) => {
    expect(outputSourceOf(path, '/rel-output')).toBeUndefined();
  });
});
