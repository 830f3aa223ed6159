import { describe, expect, test } from 'vitest';
import nextraCompat, { type NextraPageSummary } from '../../../plugins/nextra-compat/index.ts';
import type { ContentPage, PluginActions, PluginContext } from '../../../src/pipeline/plugin.ts';
import { tmp } from '../../helpers.ts';

/** A page with imports (bundled into a module): what can reach the shim that reads the summaries. */
const page = (route: string, title: string, compiled: ContentPage['compiled'] = { kind: 'module', code: `/cache/pages${route}.mjs` }): ContentPage => ({
  route,
  locale: 'en-US',
  name: route.slice(1),
  sourcePath: `content${route}.md`,
  title,
  frontMatter: {},
  compiled,
  headings: [],
  references: [],
  sections: [],
});

/** The `nextraPages` the plugin gives the theme for these pages. */
async function summariesOf(plugin: ReturnType<typeof nextraCompat>, pages: ContentPage[], config: Partial<PluginContext['config']> = {}): Promise<NextraPageSummary[]> {
  let given: NextraPageSummary[] | undefined;
  const actions = { setThemeData: (data: { nextraPages?: NextraPageSummary[] }) => (given = data.nextraPages), note: () => {} } as unknown as PluginActions;
  const root = tmp();
  await plugin.contentLoaded!({ content: undefined, allContent: {}, pages, actions, context: { root, cacheDir: root, config: { components: {}, plugins: [], ...config } } as unknown as PluginContext });
  return given!;
}

// Dev runs contentLoaded after every edit and compares the theme data with the last; the
// summaries are kept by page object, and the list is the same array while none changed.
describe("nextra-compat's page summaries across dev's runs", () => {
  test('the same pages give the same list; a page with a new title (a new object) is in the next list with it', async () => {
    const plugin = nextraCompat();
    const a = page('/a', 'A');
    const b = page('/b', 'B');
    const first = await summariesOf(plugin, [a, b]);
    expect(await summariesOf(plugin, [a, b])).toBe(first);
    const renamed = await summariesOf(plugin, [a, { ...b, title: 'Bee' }]);
    expect(renamed).not.toBe(first);
    expect(renamed.map((s) => s.title)).toEqual(['A', 'Bee']);
    expect(renamed[0]).toBe(first[0]);
  });
});

describe("nextra-compat's page summaries when dev compiles a page", () => {
  test('a page compiled anew (a new object, its front matter parsed again) whose summary reads the same keeps the same list', async () => {
    const plugin = nextraCompat();
    const stub = { ...page('/a', 'A'), frontMatter: { title: 'A', tags: ['x'] } };
    const other = page('/b', 'B');
    const first = await summariesOf(plugin, [stub, other]);
    const compiled = { ...stub, frontMatter: { title: 'A', tags: ['x'] }, headings: [{ id: 'intro', value: 'Intro', depth: 2 }] };
    expect(await summariesOf(plugin, [compiled, other])).toBe(first);
    const edited = { ...compiled, frontMatter: { title: 'A', tags: ['y'] } };
    const next = await summariesOf(plugin, [edited, other]);
    expect(next).not.toBe(first);
    expect(next[0]!.frontMatter).toEqual({ title: 'A', tags: ['y'] });
    // The same file under another route (a locale or route rule changed): a new summary.
    const moved = await summariesOf(plugin, [{ ...edited, route: '/moved' }, other]);
    expect(moved[0]!.route).toBe('/moved');
  });
});

// Only bundled code (a page with imports, a component of the config or of a plugin) can import the
// shim that reads the list: any other site's render workers are not sent every page's summary.
describe("nextra-compat's page summaries go to sites whose bundled code can read them", () => {
  const html: ContentPage['compiled'] = { kind: 'html', code: '<p>Text.</p>' };
  test('none for a site of Markdown and MDX pages without imports', async () => {
    expect(await summariesOf(nextraCompat(), [page('/a', 'A', html), page('/b', 'B', { kind: 'function-body', code: 'return {}' })])).toBeUndefined();
  });
  test('every page for a site with one page with imports, or a component of its config or of a plugin', async () => {
    const all = (list: NextraPageSummary[] | undefined) => list?.map((s) => s.route);
    expect(all(await summariesOf(nextraCompat(), [page('/a', 'A', html), page('/b', 'B')]))).toEqual(['/a', '/b']);
    expect(all(await summariesOf(nextraCompat(), [page('/a', 'A', html)], { components: { Cards: './cards.tsx' } }))).toEqual(['/a']);
    const withComponent = { name: 'site-cards', mdxComponents: { Cards: { module: 'file:///cards.js' } } };
    expect(all(await summariesOf(nextraCompat(), [page('/a', 'A', html)], { plugins: [withComponent] } as unknown as Partial<PluginContext['config']>))).toEqual(['/a']);
  });
});
