import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/dev-server.ts';
import { tempSite } from '../helpers.ts';

const MAX_PAGE_MODULES = 4;
let site: ReturnType<typeof tempSite>;
let dev: DevServer;

const page = (version: number) => `import { Box } from '../components/Box.jsx';\n\n# Boxed\n\n<Box>version ${version}</Box>\n`;
const html = async (path: string) => (await fetch(`http://127.0.0.1:${dev.port}${path}`)).text();
const moduleFiles = () => readdirSync(join(site.root, '.docs-gen-cache', 'pages')).filter((name) => name.endsWith('.mjs'));

beforeAll(async () => {
  site = tempSite({
    'components/Box.jsx': 'export function Box({ children }) { return <div className="box">{children}</div>; }\n',
    'content/boxed.mdx': page(0),
    'docs-gen.config.ts': "export default { title: 'Edited many times' };\n",
  });
  dev = await startDevServer({ root: site.root, port: 0, host: '127.0.0.1', log: { info: () => {}, error: () => {} }, maxPageModulesPerWorkers: MAX_PAGE_MODULES });
});

afterAll(async () => {
  await dev?.close();
  site?.cleanup();
});

describe('dev under repeated edits', () => {
  test('an MDX page with imports edited many times keeps a bounded number of page modules, in the workers and on disk', async () => {
    // Each edit bundles the page into a new module file, which a worker imports and Node never unloads.
    for (let version = 1; version <= 3 * MAX_PAGE_MODULES + 2; version++) {
      writeFileSync(join(site.root, 'content', 'boxed.mdx'), page(version));
      // No time limit of its own (the test's is the net): wait for this version on the page.
      while (!(await html('/boxed')).includes(`version ${version}<`)) await new Promise((done) => setTimeout(done, 10));
      expect(dev.site.renderer.pageModulesImported).toBeLessThanOrEqual(MAX_PAGE_MODULES);
      expect(moduleFiles().length).toBeLessThanOrEqual(MAX_PAGE_MODULES + 1);
    }
  });
});
