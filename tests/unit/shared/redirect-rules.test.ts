import { describe, expect, test } from 'vitest';
import { matchRedirect, redirectForUrlPath, redirectsFile, unsupportedRedirect, type RedirectRule } from '../../../src/shared/redirect-rules.ts';

const RULES: RedirectRule[] = [
  { source: '/old-guide', destination: '/guide/components', permanent: true },
  { source: '/old/:slug', destination: '/new/:slug' },
  { source: '/docs/:path*', destination: '/guide/:path*', permanent: false },
  { source: '/api/:rest+', destination: 'https://api.example.com/:rest+' },
  { source: '/v1/:section/:page', destination: '/:section/v1-:page' },
];

describe('matching a redirect with Next.js path patterns', () => {
  test.each([
    ['/old-guide', '/guide/components', 308],
    ['/old-guide/', '/guide/components', 308],
    ['/old/x', '/new/x', 308],
    ['/old/x/y', undefined, undefined],
    ['/old', undefined, undefined],
    ['/docs', '/guide', 307],
    ['/docs/a', '/guide/a', 307],
    ['/docs/a/b/c', '/guide/a/b/c', 307],
    ['/api', undefined, undefined],
    ['/api/users/1', 'https://api.example.com/users/1', 308],
    ['/v1/rel/primer', '/rel/v1-primer', 308],
    ['/elsewhere', undefined, undefined],
  ])('%s → %s (%s)', (route, location, status) => {
    const target = matchRedirect(RULES, route);
    expect(target?.location).toBe(location);
    expect(target?.status).toBe(status);
  });

  test('parses a rule set once, however many paths it is asked about', () => {
    let sourceReads = 0;
    // Each rule counts how often its source is read: parsing it is what reads it.
    const counted: RedirectRule[] = RULES.map((rule) => ({
      get source() {
        sourceReads++;
        return rule.source;
      },
      destination: rule.destination,
      permanent: rule.permanent,
    }));
    for (const route of ['/old/x', '/docs/a', '/api/users/1', '/elsewhere', '/v1/rel/primer', '/old/y']) matchRedirect(counted, route);
    expect(redirectForUrlPath(counted, '/de-DE/old/x', { locales: ['en-US', 'de-DE'], defaultLocale: 'en-US' })?.location).toBe('/de-DE/new/x');
    expect(sourceReads).toBe(RULES.length);
    // Another rule set (a changed config in dev) is parsed afresh.
    expect(matchRedirect([{ source: '/old/:slug', destination: '/newer/:slug' }], '/old/x')?.location).toBe('/newer/x');
  });

  test("a non-default locale's prefix is matched through and kept on the destination", () => {
    const options = { locales: ['en-US', 'de-DE'], defaultLocale: 'en-US' };
    expect(redirectForUrlPath(RULES, '/de-DE/old/x', options)?.location).toBe('/de-DE/new/x');
    expect(redirectForUrlPath(RULES, '/de-DE/api/x', options)?.location).toBe('https://api.example.com/x');
    expect(redirectForUrlPath(RULES, '/old/x', options)?.location).toBe('/new/x');
    expect(redirectForUrlPath(RULES, '/fr-FR/old/x', options)).toBeUndefined();
  });

  test.each([
    ['/blog/:id(\\d+)', true],
    ['/a-:id', true],
    ['/docs/:path*/edit', true],
    ['/docs/(.*)', true],
    ['/docs/:path*', false],
    ['/old/:slug', false],
    ['/old-guide', false],
  ])('%s cannot be followed: %s', (source, unsupported) => {
    expect(unsupportedRedirect(source) !== undefined).toBe(unsupported);
  });
});

describe('the _redirects file', () => {
  test('one line per redirect and locale, splats in the hosts’ spelling, under the base path, with 308 or 307', () => {
    expect(redirectsFile(RULES.slice(0, 4), { basePath: '/docs-site', locales: ['en-US', 'de-DE'], defaultLocale: 'en-US' })).toBe(
      [
        '/docs-site/old-guide /docs-site/guide/components 308',
        '/docs-site/old/:slug /docs-site/new/:slug 308',
        '/docs-site/docs/* /docs-site/guide/:splat 307',
        '/docs-site/api/* https://api.example.com/:splat 308',
        '/docs-site/de-DE/old-guide /docs-site/de-DE/guide/components 308',
        '/docs-site/de-DE/old/:slug /docs-site/de-DE/new/:slug 308',
        '/docs-site/de-DE/docs/* /docs-site/de-DE/guide/:splat 307',
        '/docs-site/de-DE/api/* https://api.example.com/:splat 308',
        '',
      ].join('\n'),
    );
    expect(redirectsFile([], { basePath: '', locales: ['en-US'], defaultLocale: 'en-US' })).toBe('');
  });
});
