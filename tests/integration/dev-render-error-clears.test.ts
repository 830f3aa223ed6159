import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { DevMessage } from '../../src/dev/dev-client.ts';
import { DevSite } from '../../src/dev/dev-site.ts';
import { tempSite, type TempSite } from '../helpers.ts';

// A render can fail with no change to the site behind it: a request in the middle of an edit, a
// component that reads something outside the site. Its error goes on the overlay. When the page
// then renders fine, no change is coming to clear the overlay, so dev tells the tabs to reload;
// before, they kept showing the stale error until the next edit.

let opened: { dev: DevSite; site: TempSite } | undefined;
afterEach(async () => {
  await opened?.dev.close();
  opened?.site.cleanup();
  opened = undefined;
});

test('a page whose render failed and then succeeds with nothing changed clears the overlay: the tabs reload', async () => {
  const site = tempSite({ 'docs-gen.config.ts': "export default { title: 'Flaky' };\n", 'content/index.mdx': '' });
  const flag = join(site.root, 'render-fails-while-this-exists');
  writeFileSync(
    join(site.root, 'content', 'index.mdx'),
    `import { existsSync } from 'node:fs';\n\nexport const Checked = () => { if (existsSync(${JSON.stringify(flag)})) throw new Error('the flag is up'); return <p>Rendered fine.</p>; };\n\n# Home\n\n<Checked />\n`,
  );
  const sent: DevMessage[] = [];
  const dev = new DevSite({ root: site.root, send: (message) => sent.push(message), log: { info: () => {}, error: () => {} } });
  opened = { dev, site };
  await dev.exclusive(() => dev.initialize());
  const route = await dev.ensureCompiled(dev.routes.at('/')!);

  writeFileSync(flag, '');
  const failed = await dev.render(route);
  expect(failed.status).toBe(500);
  expect(sent.at(-1)).toMatchObject({ type: 'error', message: expect.stringContaining('the flag is up') });
  expect(dev.errors.size).toBe(1);

  rmSync(flag);
  expect(existsSync(flag)).toBe(false);
  const rendered = await dev.render(route);
  expect(rendered.html).toContain('Rendered fine.');
  expect(dev.errors.size).toBe(0);
  expect(sent.at(-1)).toEqual({ type: 'reload' });

  // Rendered fine again, with no error before: nothing to tell the tabs.
  const count = sent.length;
  await dev.render(route);
  expect(sent.length).toBe(count);
});
