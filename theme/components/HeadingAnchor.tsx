import { createElement, type HTMLAttributes, type ReactNode } from 'react';
import type { Heading } from '../../src/shared/types.ts';
import { decodeAttribute, escapeAsReact } from '../../src/shared/escape-html.ts';
import { fillTemplate, type UiStrings } from '../../src/shared/ui-strings.ts';

/**
 * The `#` link after a doc heading's text (as Docusaurus and Starlight do it), named in the page's
 * language. Added at render time, never at compile time: the TOC, search sections, `check`'s
 * anchors and the llms/markdown output read the headings the compile collected, so the `#`
 * cannot leak into any of them.
 */
export function HeadingAnchor({ id, heading, strings }: { id: string; heading: string; strings: UiStrings }) {
  return (
    <a className="heading-anchor" href={`#${id}`} aria-label={fillTemplate(strings.headingAnchorLabel, { heading })}>
      #
    </a>
  );
}

type HeadingLevel = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** Only the headings the compile collected get an anchor: they are the ones the TOC links to. */
function headingText(headings: readonly Heading[], id: string | undefined): string | undefined {
  return id === undefined ? undefined : headings.find((h) => h.id === id)?.value;
}

type HeadingProps = HTMLAttributes<HTMLHeadingElement> & { children?: ReactNode };

/** MDX pages: h2–h6 rendered with their anchor. */
export function headingComponents(headings: readonly Heading[], strings: UiStrings): Record<HeadingLevel, (props: HeadingProps) => ReactNode> {
  const component =
    (level: HeadingLevel) =>
    ({ children, ...rest }: HeadingProps): ReactNode => {
      const text = headingText(headings, rest.id);
      return createElement(level, rest, children, text === undefined || rest.id === undefined ? null : <HeadingAnchor id={rest.id} heading={text} strings={strings} />);
    };
  return { h2: component('h2'), h3: component('h3'), h4: component('h4'), h5: component('h5'), h6: component('h6') };
}

/** Pages of HTML (a `.md` page, an `.mdx` page of Markdown alone): the same anchor, as the component's markup, before each h2–h6's closing tag. */
export function headingAnchorsInHtml(html: string, headings: readonly Heading[], strings: UiStrings): string {
  return html.replace(/<(h[2-6])(\s[^>]*)?>([\s\S]*?)<\/\1>/g, (whole, level: string, attributes: string | undefined, inner: string) => {
    const rawId = /\sid="([^"]*)"/.exec(attributes ?? '')?.[1];
    const id = rawId === undefined ? undefined : decodeAttribute(rawId);
    const text = headingText(headings, id);
    if (id === undefined || text === undefined) return whole;
    return `<${level}${attributes ?? ''}>${inner}${headingAnchorMarkup(id, text, strings)}</${level}>`;
  });
}

/**
 * `HeadingAnchor`'s markup as `renderToStaticMarkup` spells it (a test holds the two together):
 * a render of its own for each heading of a Markdown page was a fifth of the page's render, 90 µs
 * a page at 10 000 pages.
 */
export function headingAnchorMarkup(id: string, heading: string, strings: UiStrings): string {
  return `<a class="heading-anchor" href="#${escapeAsReact(id)}" aria-label="${escapeAsReact(fillTemplate(strings.headingAnchorLabel, { heading }))}">#</a>`;
}
