import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useDevServer } from '../use-dev-server.ts';

const MAX_PAGE_MODULES = 4;
const page = (version: number) => `import { Box } from '../components/Box.jsx';\n\n# Boxed\n\n<Box>version ${version}</Box>\n`;
const dev = useDevServer(
  {
    'components/Box.jsx': 'export function Box({ children }) { return <div className="box">{children}</div>; }\n',
    'content/boxed.mdx': page(0),
    'docs-gen.config.ts': "export default { title: 'Edited many times' };\n",
  },
  { maxPageModulesPerWorkers: MAX_PAGE_MODULES },
);

const html = async (path: string) => (await fetch(dev.url(path))).text();
const moduleFiles = () => readdirSync(join(dev.root, '.docs-gen-cache', 'pages')).filter((name) => name.endsWith('.mjs'));

describe('dev under repeated edits', () => {
  test('an MDX page with imports edited many times keeps a bounded number of page modules, in the workers and on disk', async () => {
    // Each edit bundles the page into a new module file, which a worker imports and Node never unloads.
    for (let version = 1; version <= 3 * MAX_PAGE_MODULES + 2; version++) {
      writeFileSync(join(dev.root, 'content', 'boxed.mdx'), page(version));
      // No time limit of its own (the test's is the net): wait for this version on the page.
      while (!(await html('/boxed')).includes(`version ${version}<`)) await new Promise((done) => setTimeout(done, 10));
      expect(dev.server.site.renderer.pageModulesImported).toBeLessThanOrEqual(MAX_PAGE_MODULES);
      expect(moduleFiles().length).toBeLessThanOrEqual(MAX_PAGE_MODULES + 1);
    }
  });
});
