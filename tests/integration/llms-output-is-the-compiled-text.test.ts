// The AI-ready output is made from the text the build compiled, not from the files read again
// after the build: a page's `.md` and its HTML say the same thing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { tempSite } from '../helpers.ts';

const site = tempSite({
  // A plugin that rewrites the page's file once every page is compiled.
  'docs-gen.config.ts': `import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'docs-gen';

export default defineConfig({
  title: 'Edited',
  plugins: [
    {
      name: 'rewrites-a-page-after-its-compile',
      contentLoaded({ context }) {
        writeFileSync(join(context.contentDir, 'guide.md'), '# Guide\\n\\nWritten after the compile.\\n');
      },
    },
  ],
});
`,
  'content/index.md': '# Home\n\nThe home page.\n',
  'content/guide.md': '---\ndescription: The guide.\n---\n\n# Guide\n\nAs the build compiled it.\n',
});
const outDir = join(site.root, 'out');
const read = (path: string) => readFileSync(join(outDir, path), 'utf8');

beforeAll(() => build({ root: site.root, outDir, cache: false }));
afterAll(() => site.cleanup());

test("a page's Markdown is the text its HTML was compiled from, even when the file changed since", () => {
  expect(read('guide/index.html')).toContain('As the build compiled it.');
  expect(read('guide.md')).toBe('# Guide\n\n> The guide.\n\nAs the build compiled it.\n');
  expect(read('llms-full.txt')).not.toContain('Written after the compile.');
});
