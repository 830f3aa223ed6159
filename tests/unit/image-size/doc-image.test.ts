import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { ImageTable, RouteData } from '../../../src/shared/types.ts';
import { DocImage, responsiveImagesInHtml, sizesFor, widthPercent, type DocImageProps } from '../../../theme/mdx/DocImage.tsx';

const render = (data: RouteData, props: DocImageProps) => renderToStaticMarkup(createElement(DocImage, { data, ...props }));

const images: ImageTable = {
  '/images/wide.png': { width: 1000, height: 500, type: 'png', mime: 'image/png', variants: { mime: 'image/webp', srcset: '/_docs-gen/img/wide-1-640.webp 640w, /_docs-gen/img/wide-1-1000.webp 1000w' } },
  '/images/wide-dark.png': { width: 1000, height: 500, type: 'png', mime: 'image/png', variants: { mime: 'image/webp', srcset: '/_docs-gen/img/wide-dark-2-640.webp 640w' } },
  '/images/logo.svg': { width: 120, height: 40, type: 'svg', mime: 'image/svg+xml' },
};

function routeData(over: { layout?: 'default' | 'full'; basePath?: string; images?: ImageTable } = {}): RouteData {
  return {
    route: '/guide/page',
    folderRoute: '/guide',
    theme: { layout: over.layout ?? 'default' },
    config: { basePath: over.basePath ?? '' },
    images: 'images' in over ? over.images : images,
  } as unknown as RouteData;
}

describe('a DocImage', () => {
  test.each([
    [50, 50],
    ['75', 75],
    ['30%', 30],
    [250, 100],
    [0, undefined],
    ['wide', undefined],
    [undefined, undefined],
  ])('width %s is %s percent (capped at 100)', (width, expected) => {
    expect(widthPercent(width)).toBe(expected);
  });

  test('has both variants with their dimensions, a caption below, and lazy loading', () => {
    const html = render(routeData(), { src: '/images/wide.png', srcDark: '/images/wide-dark.png', alt: 'Wide', width: 50, caption: 'A caption' });
    expect(html).toContain('<figure class="doc-image doc-image-has-dark"><span class="doc-image-frame" style="width:50%">');
    expect(html).toContain('<picture class="doc-image-light"><source type="image/webp" srcSet="/_docs-gen/img/wide-1-640.webp 640w, /_docs-gen/img/wide-1-1000.webp 1000w" sizes="(max-width: 768px) 50vw, 360px"/>');
    expect(html).toContain('<img src="/images/wide-dark.png" alt="Wide" width="1000" height="500" loading="lazy" decoding="async"/>');
    expect(html).toMatch(/<\/span><figcaption>A caption<\/figcaption><\/figure>$/);
  });

  test('an SVG gets its dimensions and no variants; the base path prefixes the src', () => {
    const html = render(routeData({ basePath: '/docs' }), { src: '../images/logo.svg', alt: 'Logo' });
    expect(html).toBe('<figure class="doc-image"><span class="doc-image-frame"><img src="/docs/images/logo.svg" alt="Logo" width="120" height="40" loading="lazy" decoding="async" class="doc-image-light"/></span></figure>');
  });

  test('an image the table does not have is an error (the build never measured it)', () => {
    expect(() => render(routeData(), { src: '/images/elsewhere.png' })).toThrow('Image /images/elsewhere.png is not in the image-size table');
  });

  test('sizes follow the layout: the content column, or the whole viewport', () => {
    expect(sizesFor(routeData())).toBe('(max-width: 768px) 100vw, 720px');
    expect(sizesFor(routeData({ layout: 'full' }), 40)).toBe('40vw');
  });
});

describe('images in HTML pages', () => {
  test('every local <img> gets width and height, raster ones a <picture> with their variants', () => {
    const html = '<p><img src="/images/wide.png" alt="A &amp; B" loading="lazy" decoding="async"> and <img src="../images/logo.svg" alt=""></p>';
    expect(responsiveImagesInHtml(html, routeData())).toBe(
      '<p><picture><source type="image/webp" srcset="/_docs-gen/img/wide-1-640.webp 640w, /_docs-gen/img/wide-1-1000.webp 1000w" sizes="(max-width: 768px) 100vw, 720px">' +
        '<img src="/images/wide.png" alt="A &amp; B" loading="lazy" decoding="async" width="1000" height="500"></picture>' +
        ' and <img src="/images/logo.svg" alt="" width="120" height="40" loading="lazy" decoding="async"></p>',
    );
  });

  test("an author's width keeps the aspect ratio", () => {
    expect(responsiveImagesInHtml('<img src="/images/logo.svg" width="60">', routeData())).toBe('<img src="/images/logo.svg" width="60" height="20" loading="lazy" decoding="async">');
  });

  test("attributes as React writes them (an apostrophe as &#x27;) are read, and written once", () => {
    const html = '<img loading="lazy" decoding="async" src="/images/logo.svg" alt="Don&#x27;t &#39;panic&#39; &amp; &#8211; &bogus;" title="It&#x27;s"/>';
    expect(responsiveImagesInHtml(html, routeData())).toBe('<img loading="lazy" decoding="async" src="/images/logo.svg" alt="Don&#39;t &#39;panic&#39; &amp; – &amp;bogus;" title="It&#39;s" width="120" height="40">');
  });

  test('external images and pages without a table are left as they are', () => {
    const html = '<img src="https://example.com/a.png" alt="">';
    expect(responsiveImagesInHtml(html, routeData())).toBe(html);
    expect(responsiveImagesInHtml('<img src="/images/wide.png">', routeData({ images: undefined }))).toBe('<img src="/images/wide.png">');
  });
});
