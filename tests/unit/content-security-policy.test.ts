import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { contentSecurityPolicy } from '../../src/build/content-security-policy.ts';
import { configSchema } from '../../src/config/schema.ts';
import { headScript } from '../../src/build/inline-scripts.ts';

const HEAD_SCRIPT = headScript();

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the Content-Security-Policy of built pages', () => {
  test('is off by default: a site with inline scripts of its own keeps working', () => {
    expect(contentSecurityPolicy(configSchema.parse({}))).toBeUndefined();
  });

  test("allows the site's own scripts and the theme's head script by its hash", () => {
    expect(contentSecurityPolicy(configSchema.parse({ contentSecurityPolicy: true }))).toBe(`script-src 'self' ${sha256(HEAD_SCRIPT)}; object-src 'none'; base-uri 'self'`);
  });

  test("adds the monitoring script's origin and any extra inline script (dev's client)", () => {
    const config = configSchema.parse({ contentSecurityPolicy: true, monitoring: { scriptSrc: 'https://rum.example.com/v1/rum.js' } });
    expect(contentSecurityPolicy(config, ['console.log(1)'])).toBe(`script-src 'self' ${sha256(HEAD_SCRIPT)} ${sha256('console.log(1)')} https://rum.example.com; object-src 'none'; base-uri 'self'`);
  });
});
