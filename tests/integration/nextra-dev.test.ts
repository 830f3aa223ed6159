// `docs-gen dev` on a Nextra 2 site, unchanged: the shims, an edit, the config warning (once, as
// the build prints it), images named relative to a page and next.config's redirects.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useFixtureCopy } from '../helpers.ts';
import { useDevServer } from '../use-dev-server.ts';

// Edited by the test: a copy, never the fixture.
const root = useFixtureCopy('a-nextra-2-site-builds-unchanged');
const dev = useDevServer(root, { socket: true });
const url = (path: string) => dev.url(path);
const get = async (path: string) => (await fetch(url(path))).text();

describe('docs-gen dev on a Nextra 2 site', () => {
  test('renders the first page asked for with the nextra-theme-docs shims', async () => {
    const html = await get('/guide/components');
    expect(html).toContain('<div class="alert alert-warning" role="alert">');
    expect(html.match(/<input type="radio" class="nx-tab-radio"/g)).toHaveLength(3);
  });

  test('shows an edit of a page', async () => {
    const file = join('pages', 'guide', 'components.en-US.mdx');
    await dev.save(file, readFileSync(join(root(), file), 'utf8').replace('Handle widgets with care.', 'Handle widgets with great care.'), 'reload');
    expect(await get('/guide/components')).toContain('Handle widgets with great care.');
  });

  test('prints the config warning of each Nextra file once, as the build does', () => {
    const warnings = dev.terminal.filter((text) => text.includes('[nextra-config-unmapped]'));
    expect(warnings).toHaveLength(2);
    expect(warnings.join('\n')).toContain('theme.config.tsx: not carried over to docs-gen (no equivalent): editLink, head');
    expect(warnings.join('\n')).toContain('next.config.js: not carried over to docs-gen (no equivalent): redirects: /blog/:id');
  });

  test('serves a Markdown image named relative to its page, and no other file of the site', async () => {
    await get('/guide/images');
    const image = await fetch(url('/_docs-gen/files/img/diagram.png'));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(readFileSync(join(root(), 'img', 'diagram.png')));
    expect((await fetch(url('/_next/image?url=%2F_docs-gen%2Ffiles%2Fimg%2Fdiagram.png&w=64'))).status).toBe(200);
    for (const other of ['/_docs-gen/files/next.config.js', '/_docs-gen/files/img/photo.jpeg', '/_docs-gen/files/../next.config.js']) {
      expect((await fetch(url(other))).status, other).toBe(404);
    }
    expect((await fetch(url('/_next/image?url=%2F_docs-gen%2Ffiles%2Fimg%2Fphoto.jpeg&w=64'))).status).toBe(404);
  });

  test.each([
    ['/old-guide', 308, '/guide/components'],
    ['/docs/images', 307, '/guide/images'],
    ['/de-DE/docs/components', 307, '/de-DE/guide/components'],
  ])("answers %s with next.config's redirect (%s to %s)", async (path, status, location) => {
    const response = await fetch(url(path), { redirect: 'manual' });
    expect(response.status).toBe(status);
    expect(response.headers.get('location')).toBe(location);
  });
});
