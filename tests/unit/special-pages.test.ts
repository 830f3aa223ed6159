import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { SPECIAL_PAGES } from '../../src/shared/special-pages.ts';
import type { RouteData } from '../../src/shared/types.ts';
import { uiStrings } from '../../src/shared/ui-strings.ts';
import { SpecialPageBody } from '../../theme/components/SpecialPages.tsx';

const data = (special: RouteData['special']) =>
  ({ special, locale: 'en-US', hrefPrefix: '', homeSections: [], strings: uiStrings('en-US'), config: { title: 'Rel docs', basePath: '', search: {} } }) as unknown as RouteData;

describe("the theme's special pages", () => {
  test.each(Object.entries(SPECIAL_PAGES))('%s has the title SPECIAL_PAGES gives it as its heading', (_route, rule) => {
    const html = renderToStaticMarkup(createElement(SpecialPageBody, { data: data(rule.special) }));
    expect(html).toContain(`<h1>${rule.title('Rel docs', uiStrings('en-US'))}</h1>`);
  });

  test('a page that is not special gets no body from the theme', () => {
    expect(renderToStaticMarkup(createElement(SpecialPageBody, { data: data(undefined) }))).toBe('');
  });
});
