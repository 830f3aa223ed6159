import { uiStrings } from '../../src/shared/ui-strings.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { configSchema } from '../../src/config/schema.ts';
import type { RouteData } from '../../src/shared/types.ts';
import { Document } from '../../theme/layouts/Document.tsx';

/** The `<head>` of a page built with `monitoring` as given. */
function head(monitoring: unknown): string {
  const config = { ...configSchema.parse({ monitoring }), headScript: '' };
  const data = { config, locale: 'en-US', url: '/', documentTitle: 'T', frontMatter: {}, assets: { styles: [], scripts: [] }, noindex: false, alternates: [], strings: uiStrings('en-US') } as unknown as RouteData;
  return renderToStaticMarkup(createElement(Document, { data, children: null }));
}

describe('real-user monitoring (seed §1: a 100 percent sample rate)', () => {
  test('is off by default: no script is loaded', () => {
    expect(head(undefined)).not.toMatch(/data-sample-rate/);
  });

  test('loads the configured snippet, async, with the seed sample rate of 100 by default', () => {
    expect(head({ scriptSrc: 'https://rum.example.com/v1/rum.js' })).toContain('<script async="" src="https://rum.example.com/v1/rum.js" data-sample-rate="100"></script>');
  });

  test('passes a configured sample rate on to the snippet', () => {
    expect(head({ scriptSrc: 'https://rum.example.com/v1/rum.js', sampleRate: 25 })).toContain('data-sample-rate="25"');
  });

  test('refuses a sample rate outside 0 to 100', () => {
    expect(() => configSchema.parse({ monitoring: { scriptSrc: 'https://rum.example.com/v1/rum.js', sampleRate: 150 } })).toThrow();
  });
});
