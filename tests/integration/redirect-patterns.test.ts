// Redirects with Next.js patterns (`/old/:slug`, `/docs/:path*`) in check, build and preview;
// dev answers them too (tests/integration/nextra-dev.test.ts).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { checkSite } from '../../src/check/check.ts';
import type { CheckReport } from '../../src/check/report.ts';
import { startPreviewServer, type PreviewServer } from '../../src/preview/preview-server.ts';
import { tempSite, tmp } from '../helpers.ts';

const site = tempSite({
  'docs-gen.config.ts': `export default {
  title: 'Moved',
  redirects: [
    { source: '/old-intro', destination: '/new/intro' },
    { source: '/old/:slug', destination: '/new/:slug' },
    { source: '/docs/:path*', destination: '/new/:path*', permanent: false },
  ],
};
`,
  'content/index.mdx': '# Home\n\n[Moved by a pattern](/old/intro) and [all of it](/docs/intro#start), [a fixed one](/old-intro).\n\n[Nowhere](/old/absent)\n',
  'content/new/intro.mdx': '# Intro\n\n## Start\n',
});
const outDir = join(tmp(), 'out');
let report: CheckReport;
let preview: PreviewServer;

beforeAll(async () => {
  await build({ root: site.root, outDir });
  report = await checkSite({ root: site.root, external: false });
  preview = await startPreviewServer({ root: site.root, outDir, port: 0, host: '127.0.0.1', log: () => {} });
});
afterAll(async () => {
  await preview.close();
  site.cleanup();
  rmSync(join(outDir, '..'), { recursive: true, force: true });
});

describe('a redirect with a pattern', () => {
  test('check follows a link through it to the filled-in destination, and reports one that arrives nowhere with the redirect', () => {
    expect(report.findings.map(({ code, file, line, column, message, hint }) => ({ code, file, line, column, message, hint }))).toEqual([
      { code: 'broken-link', file: 'content/index.mdx', line: 5, column: 11, message: 'broken link /old/absent — no page at /new/absent', hint: 'the redirect from /old/:slug leads there' },
    ]);
  });

  test('the build writes every redirect into _redirects, and a redirect page only for fixed paths', () => {
    expect(readFileSync(join(outDir, '_redirects'), 'utf8')).toBe('/old-intro /new/intro 308\n/old/:slug /new/:slug 308\n/docs/* /new/:splat 307\n');
    expect(existsSync(join(outDir, 'old-intro', 'index.html'))).toBe(true);
    expect(existsSync(join(outDir, 'old'))).toBe(false);
    expect(existsSync(join(outDir, 'docs'))).toBe(false);
  });

  test.each([
    ['/old/intro', 308, '/new/intro'],
    ['/docs/intro?from=a', 307, '/new/intro?from=a'],
    ['/docs', 307, '/new'],
    ['/old-intro', 308, '/new/intro'],
  ])('preview answers %s with %s to %s', async (path, status, location) => {
    const response = await fetch(`http://127.0.0.1:${preview.port}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(status);
    expect(response.headers.get('location')).toBe(location);
  });

  test('preview serves what no redirect matches as before', async () => {
    expect((await fetch(`http://127.0.0.1:${preview.port}/new/intro`, { redirect: 'manual' })).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${preview.port}/old/a/b`, { redirect: 'manual' })).status).toBe(404);
  });
});
