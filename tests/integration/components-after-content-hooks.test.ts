import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { tempSite } from '../helpers.ts';

// A site's MDX components are bundled once its content hooks have run: a plugin's hook may write a
// file a component imports (generated data), and the page must show what this build wrote, not
// what the last one did, nor fail for a file not there yet. The hook takes its time, as a real one
// that fetches or generates would, so that a bundle started with the hooks would come first.
const site = tempSite({
  'docs-gen.config.ts': `import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
export default {
  title: 'Generated',
  components: { Generated: './components/Generated.tsx' },
  plugins: [
    {
      name: 'writes-data',
      async loadContent({ context }) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        writeFileSync(join(context.root, 'components', 'data.json'), JSON.stringify({ stamp: process.env.GENERATED_STAMP }));
      },
    },
  ],
};
`,
  'components/Generated.tsx': "import data from './data.json';\n\nexport default function Generated() {\n  return <p id=\"generated\">{data.stamp}</p>;\n}\n",
  'content/index.mdx': '# Generated\n\n<Generated />\n',
});
afterAll(() => site.cleanup());

test("a component imports what a plugin's content hook wrote in the same build", async () => {
  const stamped = /<p id="generated">([^<]*)<\/p>/;
  for (const stamp of ['first', 'second']) {
    process.env.GENERATED_STAMP = stamp;
    try {
      await build({ root: site.root, outDir: join(site.root, 'out') });
    } finally {
      delete process.env.GENERATED_STAMP;
    }
    expect(stamped.exec(readFileSync(join(site.root, 'out', 'index.html'), 'utf8'))?.[1]).toBe(stamp);
  }
});
