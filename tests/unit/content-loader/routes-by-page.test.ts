import { describe, expect, test } from 'vitest';
import contentLoader from '../../../plugins/content-loader/index.ts';
import type { ContentPage, PluginActions, PluginContext, RouteDefinition } from '../../../src/pipeline/plugin.ts';

const page = (route: string, title: string, body: string): ContentPage & { body: string } => ({
  route,
  locale: 'en-US',
  name: route.slice(1),
  sourcePath: `content${route}.md`,
  title,
  frontMatter: { title },
  headings: [{ id: 'top', value: title, depth: 1 }],
  references: [],
  sections: [{ id: '', title, text: body }],
  compiled: { kind: 'html', code: `<p>${body}</p>` },
  body,
});

/** One `contentLoaded` run, as dev makes one after each save: the routes it added. */
async function routesOf(loader: ReturnType<typeof contentLoader>, pages: ContentPage[]): Promise<RouteDefinition[]> {
  const routes: RouteDefinition[] = [];
  const actions = { addRoute: (route: RouteDefinition) => routes.push(route), emitFile: () => {}, report: () => {} } as unknown as PluginActions;
  await loader.contentLoaded!({ content: pages, allContent: {}, pages, actions, context: {} as PluginContext });
  return routes;
}

describe("the content loader's routes, by page object", () => {
  test('a page object handed over again gets the same route object; a new one, a route of its own', async () => {
    const loader = contentLoader();
    const guide = page('/guide', 'Guide', 'First text.');
    const faq = page('/faq', 'FAQ', 'Ask.');
    const [guideRoute, faqRoute] = await routesOf(loader, [guide, faq]);
    // dev's next run after a save of faq.md: guide unchanged (the same object), faq compiled anew.
    const faqEdited = page('/faq', 'Questions', 'Ask again.');
    const [guideAgain, faqAgain] = await routesOf(loader, [guide, faqEdited]);
    expect(guideAgain).toBe(guideRoute);
    expect(faqAgain).not.toBe(faqRoute);
    expect(faqAgain).toMatchObject({ route: '/faq', title: 'Questions', frontMatter: { title: 'Questions' }, content: { type: 'mdx', compiled: { code: '<p>Ask again.</p>' } } });
    expect(faqAgain!.sections).toEqual([{ id: '', title: 'Questions', text: 'Ask again.' }]);
    expect(faqRoute).toMatchObject({ title: 'FAQ', content: { compiled: { code: '<p>Ask.</p>' } } });
  });
});
