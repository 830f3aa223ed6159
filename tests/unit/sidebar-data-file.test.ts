import { readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { ASSET_DIR } from '../../src/build/client-assets.ts';
import { writeSidebarData } from '../../src/build/sidebar-data.ts';
import type { Navigation } from '../../src/pipeline/plugin.ts';
import { tmp } from '../helpers.ts';

const config = { basePath: '', defaultLocale: 'en-US' };
const navigation = (title: string): Record<string, Navigation> => ({
  'en-US': {
    locale: 'en-US',
    themeByRoute: {},
    pageMap: [{ kind: 'MdxPage', name: 'guide', route: '/guide', locale: 'en-US', title, type: 'doc', display: 'normal' }],
  },
});

let outDir: string;
afterEach(() => rmSync(outDir, { recursive: true, force: true }));

// dev writes the tree on every refresh while an open page may be fetching it: a file truncated
// and written again in place once handed a browser an empty body, and its sidebar stayed a path.
test('a tree written again is left as it is: a browser fetching it never gets a file being rewritten', async () => {
  outDir = tmp();
  const [url] = Object.values(await writeSidebarData(outDir, navigation('Guide'), config));
  const file = join(outDir, ASSET_DIR, url!.split('/').pop()!);
  const long = new Date(0);
  utimesSync(file, long, long);
  expect(await writeSidebarData(outDir, navigation('Guide'), config)).toEqual({ 'en-US': url });
  expect(statSync(file).mtimeMs).toBe(0);
});

test('a changed tree gets a file of its own, written whole, with nothing left beside it', async () => {
  outDir = tmp();
  const first = (await writeSidebarData(outDir, navigation('Guide'), config))['en-US'];
  const second = (await writeSidebarData(outDir, navigation('The guide'), config))['en-US'];
  expect(second).not.toBe(first);
  const names = readdirSync(join(outDir, ASSET_DIR)).sort();
  expect(names).toEqual([first, second].map((url) => url!.split('/').pop()).sort());
  expect(JSON.parse(readFileSync(join(outDir, ASSET_DIR, second!.split('/').pop()!), 'utf8')).sections['/'][0].title).toBe('The guide');
});
