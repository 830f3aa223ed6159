import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { filesOf, tempSitesEachTest, tmp } from '../helpers.ts';

// Images a page or component imports are copied under `/_docs-gen/nextra/`, named by their content.
// The cache keeps every version ever imported; the output must hold those imported now, as a
// clean build of the same sources would, however many builds came before.

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } }).png().toBuffer();
const STATIC = join('_docs-gen', 'nextra');
const staticFiles = (out: string) => (existsSync(join(out, STATIC)) ? readdirSync(join(out, STATIC)).sort() : []);

const siteOf = tempSitesEachTest();
const outs = tmp();
afterAll(() => rmSync(outs, { recursive: true, force: true }));

/** Builds `root` into its own `out/`, then the same sources copied to a fresh folder with `--no-cache`; both outputs' files. */
async function incrementalAndClean(root: string, name: string): Promise<{ incremental: Map<string, string>; clean: Map<string, string>; names: string[] }> {
  await build({ root });
  const copy = join(outs, `${name}-sources`);
  rmSync(copy, { recursive: true, force: true });
  cpSync(root, copy, { recursive: true, filter: (path) => !/\/(?:out|\.docs-gen-cache)$/.test(path) });
  await build({ root: copy, outDir: join(outs, `${name}-clean`), cache: false });
  return { incremental: filesOf(join(root, 'out')), clean: filesOf(join(outs, `${name}-clean`)), names: staticFiles(join(root, 'out')) };
}

describe('images imported by pages and components, over rebuilds', () => {
  test("a page's image that changes, then is no longer imported: the output holds only what a clean build holds", async () => {
    const root = siteOf({
      'content/index.mdx': "import pic from './pic.png'\n\n# Home\n\n<img src={pic.src} width={pic.width} alt=\"pic\" />\n",
      'content/other.mdx': "import pic from './pic.png'\n\n# Other\n\n<img src={pic.src} alt=\"same pic\" />\n",
    });
    writeFileSync(join(root, 'content', 'pic.png'), await png(20, 10));
    const first = await incrementalAndClean(root, 'page-1');
    expect(first.names).toEqual([expect.stringMatching(/^pic\.[0-9a-f]{12}\.png$/)]);
    expect(first.incremental).toEqual(first.clean);

    writeFileSync(join(root, 'content', 'pic.png'), await png(30, 15));
    const changed = await incrementalAndClean(root, 'page-2');
    expect(changed.names).toHaveLength(1);
    expect(changed.names).not.toEqual(first.names);
    expect(readFileSync(join(root, 'out', 'index.html'), 'utf8')).toContain(`/_docs-gen/nextra/${changed.names[0]}`);
    expect(changed.incremental).toEqual(changed.clean);

    // One page stops importing it; the other still does (bundled again: bundled pages are not kept in the compile cache).
    writeFileSync(join(root, 'content', 'index.mdx'), '# Home\n\nNo picture.\n');
    const oneLeft = await incrementalAndClean(root, 'page-3');
    expect(oneLeft.names).toEqual(changed.names);
    expect(oneLeft.incremental).toEqual(oneLeft.clean);

    writeFileSync(join(root, 'content', 'other.mdx'), '# Other\n\nNo picture either.\n');
    const none = await incrementalAndClean(root, 'page-4');
    expect(none.names).toEqual([]);
    expect(none.incremental).toEqual(none.clean);
  });

  test("a page's earlier text again: its image is back in the output", async () => {
    const withImage = "import pic from './pic.png'\n\n# Home\n\n<img src={pic.src} alt=\"pic\" />\n";
    const root = siteOf({ 'content/index.mdx': withImage });
    writeFileSync(join(root, 'content', 'pic.png'), await png(12, 12));
    const first = await incrementalAndClean(root, 'again-1');
    writeFileSync(join(root, 'content', 'index.mdx'), '# Home\n\nNo picture.\n');
    expect((await incrementalAndClean(root, 'again-2')).names).toEqual([]);
    writeFileSync(join(root, 'content', 'index.mdx'), withImage);
    const back = await incrementalAndClean(root, 'again-3');
    expect(back.names).toEqual(first.names);
    expect(back.incremental).toEqual(back.clean);
  });

  test("a component's image (a config component in TSX): copied while it imports it, gone once it does not", async () => {
    const root = siteOf({
      'docs-gen.config.ts': "export default { title: 'Logos', components: { Logo: './components/Logo.tsx' } };\n",
      'components/Logo.tsx': "import logo from './logo.png';\n\nexport default function Logo() {\n  return <img src={logo.src} width={logo.width} alt=\"logo\" />;\n}\n",
      'content/index.mdx': '# Home\n\n<Logo />\n',
    });
    writeFileSync(join(root, 'components', 'logo.png'), await png(16, 8));
    const first = await incrementalAndClean(root, 'component-1');
    expect(first.names).toEqual([expect.stringMatching(/^logo\.[0-9a-f]{12}\.png$/)]);
    expect(readFileSync(join(root, 'out', 'index.html'), 'utf8')).toContain(`/_docs-gen/nextra/${first.names[0]}`);
    expect(first.incremental).toEqual(first.clean);

    writeFileSync(join(root, 'components', 'Logo.tsx'), 'export default function Logo() {\n  return <b>Logo</b>;\n}\n');
    const none = await incrementalAndClean(root, 'component-2');
    expect(none.names).toEqual([]);
    expect(none.incremental).toEqual(none.clean);
  });

  test('a page whose text shows a path of the static folder (no file there) builds, and gets no such file', async () => {
    const root = siteOf({
      'content/index.mdx': "import pic from './pic.png'\n\n# Home\n\nImages land at `/_docs-gen/nextra/logo.0123456789ab.png`.\n\n<img src={pic.src} alt=\"pic\" />\n",
    });
    writeFileSync(join(root, 'content', 'pic.png'), await png(8, 8));
    const built = await incrementalAndClean(root, 'prose');
    expect(built.names).toEqual([expect.stringMatching(/^pic\.[0-9a-f]{12}\.png$/)]);
    expect(built.incremental).toEqual(built.clean);
  });
});
