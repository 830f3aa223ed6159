import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { uiStrings } from '../../src/shared/ui-strings.ts';
import { HeadingAnchor, headingAnchorMarkup, headingAnchorsInHtml } from '../../theme/components/HeadingAnchor.tsx';

// Ids and headings with every character React escapes in an attribute, and text it leaves alone.
const cases: [id: string, heading: string][] = [
  ['install', 'Install'],
  ['quotes-and-more', `"Quoted" & 'apostrophes' <tags> > less`],
  ['ünïcode-€-😀', 'Ünïcode € 😀 and a no-break\u00a0space'],
  ['a&b"c\'d<e>f', 'Amp & co'],
];

describe("a Markdown page's heading anchor", () => {
  test.each(['en-US', 'fr-FR', 'ar'])('is the markup React renders the HeadingAnchor component to (%s)', (locale) => {
    const strings = uiStrings(locale);
    for (const [id, heading] of cases) {
      expect(headingAnchorMarkup(id, heading, strings), `${id} / ${heading}`).toBe(renderToStaticMarkup(createElement(HeadingAnchor, { id, heading, strings })));
    }
  });

  test('goes before the closing tag of each h2–h6 the compile collected, and no other', () => {
    const strings = uiStrings('en-US');
    const html = '<h1 id="top">Top</h1><h2 id="a&amp;b">A &amp; B</h2><p>x</p><h3 id="other">Not collected</h3><h4>No id</h4>';
    const anchored = headingAnchorsInHtml(html, [{ depth: 2, id: 'a&b', value: 'A & B' }, { depth: 1, id: 'top', value: 'Top' }], strings);
    const anchor = renderToStaticMarkup(createElement(HeadingAnchor, { id: 'a&b', heading: 'A & B', strings }));
    expect(anchored).toBe(`<h1 id="top">Top</h1><h2 id="a&amp;b">A &amp; B${anchor}</h2><p>x</p><h3 id="other">Not collected</h3><h4>No id</h4>`);
  });
});
