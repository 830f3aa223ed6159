import remarkGfm from 'remark-gfm';
import type { Data, Processor } from 'unified';
import type { Construct, Extension } from 'micromark-util-types';

/**
 * GFM's literal autolinks (`contact@example.org`, `www.example.org`, `https://…` in prose) cost
 * the MDX parse of a page without any a third of micromark's tokenizing and a search of every
 * text node: the email construct is tried at the start of every word, and after the parse
 * mdast-util-gfm-autolink-literal looks for URLs and addresses again in every text node. Where the
 * page's text cannot hold one, they are left out; the tree is the one remark-gfm makes.
 *
 * - The email construct needs an `@` written in the source: a character reference is not the
 *   construct's text, so without an `@` it never matches.
 * - The search of text nodes matches `@`, `http` and `www` (any case) in the decoded text. A
 *   letter or an `@` there was written as it is or as a character reference (escapes are for
 *   punctuation), so a source without `@`, `&`, `http` and `www` gives it nothing to find.
 *
 * Either piece is found by what it is (the construct's `name`, the extension that reads
 * `literalAutolink` tokens): if remark-gfm ever names them otherwise, nothing is left out, and
 * `gfm.test.ts` says so.
 */
export function remarkGfmFor(this: Processor, text: string): void {
  remarkGfm.call(this);
  const data = this.data();
  if (!text.includes('@')) data.micromarkExtensions = data.micromarkExtensions?.map((extension) => withoutConstruct(extension, 'emailAutolink'));
  if (!/[@&]|http|www/i.test(text)) data.fromMarkdownExtensions = data.fromMarkdownExtensions?.map((entry) => (Array.isArray(entry) ? entry.map(withoutAutolinkSearch) : withoutAutolinkSearch(entry)));
}

type FromMarkdownExtension = NonNullable<Data['fromMarkdownExtensions']>[number];
type SingleFromMarkdownExtension = Exclude<FromMarkdownExtension, readonly unknown[]>;

function withoutConstruct(extension: Extension, name: string): Extension {
  if (!extension.text) return extension;
  const text: NonNullable<Extension['text']> = {};
  for (const [code, constructs] of Object.entries(extension.text)) {
    const kept = (Array.isArray(constructs) ? constructs : [constructs as Construct]).filter((construct) => construct.name !== name);
    if (kept.length) text[Number(code)] = kept;
  }
  return { ...extension, text };
}

/** mdast-util-gfm-autolink-literal's extension without its search of the text nodes (its token handlers stay). */
function withoutAutolinkSearch(extension: SingleFromMarkdownExtension): SingleFromMarkdownExtension {
  return extension.enter && 'literalAutolink' in extension.enter ? { ...extension, transforms: [] } : extension;
}
