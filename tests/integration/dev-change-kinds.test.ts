import { join } from 'node:path';
import { expect, test } from 'vitest';
import { classifyChange, type WatchedPaths } from '../../src/dev/classify-change.ts';

const site = '/site';
const paths: WatchedPaths = {
  contentDir: join(site, 'content'),
  publicDir: join(site, 'public'),
  configFiles: [join(site, 'docs-gen.config.ts'), join(site, 'config', 'nav.ts')],
  themeDir: '/tool/theme',
  rendererDirs: ['/tool/dist/theme', '/tool/dist/src/build'],
  islandFiles: [join(site, 'components', 'Counter.tsx')],
  sourcePaths: [join(site, 'components'), join(site, 'plans.json')],
  pluginPaths: new Map([['acme:glossary', [join(site, 'glossary')]], ['acme:pages', [join(site, 'content', 'guide')]]]),
  locales: ['en-US', 'fr-FR'],
  defaultLocale: 'en-US',
};

test.each([
  ['a page', '/site/content/rel/primer.mdx', 'page', []],
  ['a Markdown page in another locale', '/site/content/index.fr-FR.md', 'page', []],
  ['a _meta file', '/site/content/rel/_meta.json', 'content', []],
  ['a partial (underscore) page', '/site/content/_partial.mdx', 'content', []],
  ['a component a page imports', '/site/content/components/Chart.tsx', 'content', []],
  ['an image in public/', '/site/public/images/a.png', 'public', []],
  ['the config', '/site/docs-gen.config.ts', 'config', []],
  ['a file the config imports', '/site/config/nav.ts', 'config', []],
  ['an island', '/site/components/Counter.tsx', 'client', []],
  ['a component outside content/ a page or the config bundles', '/site/components/Hello.tsx', 'source', []],
  ['a file beside it (one it may import once it exists)', '/site/components/Unused.tsx', 'source', []],
  ['a data file at the site root a bundle was made from', '/site/plans.json', 'source', []],
  ['another file at the site root, in no bundle', '/site/notes.json', 'ignored', []],
  ['the theme stylesheet', '/tool/theme/styles/main.css', 'style', []],
  ['the theme client code', '/tool/theme/client/search.ts', 'client', []],
  ['a built theme component', '/tool/dist/theme/components/Sidebar.js', 'renderer', []],
  ['a theme component source (the workers load the built one)', '/tool/theme/components/Sidebar.tsx', 'ignored', []],
  ["a path a plugin watches", '/site/glossary/terms.yml', 'plugin', ['acme:glossary']],
  ['a page inside a path a plugin watches', '/site/content/guide/intro.mdx', 'page', ['acme:pages']],
  ['anything else', '/site/notes.txt', 'ignored', []],
])('%s: %s is a %s change', (_, path, kind, plugins) => {
  expect(classifyChange(path, paths)).toMatchObject({ kind, plugins });
});
