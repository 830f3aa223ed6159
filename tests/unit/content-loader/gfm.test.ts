// remark-gfm without the literal-autolink work a page's text cannot need (plugins/content-loader/gfm.ts):
// the same tree as remark-gfm for every text, and the pieces really left out where they can be.
import { createProcessor } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import type { Construct, Extension } from 'micromark-util-types';
import { describe, expect, test } from 'vitest';
import { remarkGfmFor } from '../../../plugins/content-loader/gfm.ts';

const withGfm = (text: string) => createProcessor({ format: 'mdx', remarkPlugins: [remarkGfm] }).parse(text);
const withGfmFor = (text: string) => createProcessor({ format: 'mdx', remarkPlugins: [[remarkGfmFor, text]] }).parse(text);

/** The names of the constructs and whether the autolink search is on, in a processor made for `text`. */
function piecesFor(text: string): { emailConstruct: boolean; search: boolean } {
  const processor = createProcessor({ format: 'mdx', remarkPlugins: [[remarkGfmFor, text]] }).freeze();
  const data = processor.data();
  const names = (data.micromarkExtensions ?? []).flatMap((extension: Extension) =>
    Object.values(extension.text ?? {}).flatMap((constructs) => (Array.isArray(constructs) ? constructs : [constructs as Construct]).map((c) => c.name)),
  );
  const search = (data.fromMarkdownExtensions ?? []).flat().some((extension) => extension.enter && 'literalAutolink' in extension.enter && (extension.transforms?.length ?? 0) > 0);
  return { emailConstruct: names.includes('emailAutolink'), search };
}

describe('remark-gfm for a page', () => {
  test.each([
    ['prose without links', 'Plain words, *emphasis* and a [link](/guide).\n'],
    ['an address', 'Write to contact@example.org today.\n'],
    ['an address with an escaped at sign', 'Write to contact\\@example.org today.\n'],
    ['an at sign written as a character reference', 'Write to contact&#64;example.org today.\n'],
    ['a www written in part as a character reference', 'Visit &#x77;ww.example.org today.\n'],
    ['www with an escaped dot', 'Visit www\\.example.org today.\n'],
    ['a URL in capitals', 'Visit HTTPS://EXAMPLE.ORG/A today.\n'],
    ['a URL and an address in a table', '| a | b |\n| - | - |\n| www.example.org | x@y.co |\n'],
    ['an address inside a link', '[contact@example.org](mailto:contact@example.org) and ~~gone~~.\n'],
    ['an ampersand alone', 'Salt & pepper &amp; more.\n'],
  ])('makes the tree remark-gfm makes: %s', (_what, text) => {
    expect(withGfmFor(text)).toEqual(withGfm(text));
  });

  test('leaves out the email construct only when the text has no @, and the search of text nodes only without @, &, http and www', () => {
    expect(piecesFor('Plain words.\n')).toEqual({ emailConstruct: false, search: false });
    expect(piecesFor('Mail a@b.co.\n')).toEqual({ emailConstruct: true, search: true });
    expect(piecesFor('Salt &amp; pepper.\n')).toEqual({ emailConstruct: false, search: true });
    expect(piecesFor('See WWW.example.org.\n')).toEqual({ emailConstruct: false, search: true });
    expect(piecesFor('See Http://example.org.\n')).toEqual({ emailConstruct: false, search: true });
  });
});
