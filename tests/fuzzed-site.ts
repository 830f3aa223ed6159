import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import sharp from 'sharp';
import { paragraph, sentence, titlePhrase, words, type Random } from '../bench/lib/text.mjs';

/**
 * A small site changed at random, for the differential tests of rebuilds and of dev
 * (`rebuild-fuzz.test.ts`, `dev-fuzz.test.ts`): pages in nested folders, `_meta` files, two
 * images, a component outside `content/` and the file it imports, a remark plugin of the site's
 * own and the file it imports, and a config (with a redirect and a second locale by chance). Pages have front matter,
 * math and MDX expressions by chance; `_meta` entries hide pages, separate and link out. Each step makes one to three changes of the kinds in
 * `CHANGES`, and mends the page the step before broke. The changes come from a seeded generator:
 * a seed gives the same steps on any machine.
 */
const FOLDERS = ['', 'guide', 'guide/advanced', 'reference'];

/** The site as files (path → text or bytes), written whole before each build; `broken` is a page with a syntax error, mended by the next step. */
export interface SiteModel {
  files: Map<string, string | Buffer>;
  broken?: string;
  /** The page this step mended: not broken again in the same step (dev's error would be the last step's). */
  mended?: string;
  /** The config's choices: `redirect` is the route `/moved` redirects to, when it does; `french` adds the locale `fr-FR`. */
  config: { title: string; basePath: string; reword: boolean; redirect?: string; french?: boolean };
  /** The component's element, and the file it imports (in `components/`). */
  badge: { tag: string; labelFile: string };
  /** The word the remark plugin replaces, and the file it imports its word from (in `plugins/`). */
  reword: { target: string; wordFile: string };
  nextPage: number;
}

const png = (rand: Random) =>
  sharp({ create: { width: rand.int(8, 80), height: rand.int(8, 80), channels: 3, background: { r: rand.int(0, 255), g: rand.int(0, 255), b: rand.int(0, 255) } } })
    .png()
    .toBuffer();

const FRENCH = "locales: [{ locale: 'en-US', text: 'English' }, { locale: 'fr-FR', text: 'Français' }], defaultLocale: 'en-US'";

const configText = ({ title, basePath, reword, redirect, french }: SiteModel['config']) =>
  `export default { title: ${JSON.stringify(title)}, basePath: ${JSON.stringify(basePath)}, plugins: [${reword ? "{ name: 'reword', remarkPlugins: [{ module: new URL('./plugins/reword.mjs', import.meta.url).href }] }" : ''}]${redirect === undefined ? '' : `, redirects: [{ source: '/moved', destination: ${JSON.stringify(redirect)} }]`}${french ? `, ${FRENCH}` : ''} };\n`;

const pages = (model: SiteModel) => [...model.files.keys()].filter((path) => /^content\/.*\.mdx?$/.test(path)).sort();

/** Front matter (by chance): a title, a description (llms.txt, the page's meta tags), left out of search. */
function frontMatterText(rand: Random): string[] {
  const lines: string[] = [];
  if (rand.next() < 0.3) lines.push(`title: ${titlePhrase(rand, 1, 3)}`);
  if (rand.next() < 0.25) lines.push(`description: ${sentence(rand)}`);
  if (rand.next() < 0.1) lines.push('searchable: false');
  return lines.length ? [`---\n${lines.join('\n')}\n---\n`] : [];
}

/**
 * A page's text: front matter, a title, paragraphs, and (by chance) a code block, math, an image,
 * a link to another page, and in MDX the component and an expression.
 */
function pageText(rand: Random, model: SiteModel, path: string): string {
  const mdx = path.endsWith('.mdx');
  const parts = frontMatterText(rand);
  if (mdx && rand.next() < 0.6) parts.push(`import Badge from '${badgeImport(path)}';\n`);
  parts.push(`# ${titlePhrase(rand, 1, 4)}\n`, `${paragraph(rand)} Read on.\n`);
  if (rand.next() < 0.5) parts.push(`## ${titlePhrase(rand, 1, 3)}\n`, `${sentence(rand)}\n`);
  if (rand.next() < 0.4) parts.push(`\`\`\`${rand.pick(['rel', 'python', 'json'])}\n${words(rand, 4).join(' ')}\n\`\`\`\n`);
  if (rand.next() < 0.15) parts.push(`The sum $a^${rand.int(2, 9)} + b$ holds.\n`);
  if (rand.next() < 0.4) parts.push(`![${words(rand, 2).join(' ')}](/images/${rand.pick(['a', 'b'])}.png)\n`);
  if (mdx && rand.next() < 0.2) parts.push(`Twice ${rand.int(1, 50)} is {${rand.int(1, 50)} * 2}.\n`);
  const others = pages(model).filter((other) => other !== path);
  if (others.length && rand.next() < 0.5) parts.push(`See [${words(rand, 2).join(' ')}](/${routeOf(rand.pick(others))}).\n`);
  if (mdx && parts.some((part) => part.startsWith('import Badge'))) parts.push('<Badge />\n');
  return parts.join('\n');
}

/** How the page at `path` names the component's file. */
const badgeImport = (path: string) => posix.relative(posix.dirname(path), 'components/Badge.jsx');

const routeOf = (path: string) => path.replace(/^content\//, '').replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');

/** `list` in a random order (Fisher–Yates: the same draws on any engine, which a sort's comparisons are not). */
function shuffled<T>(rand: Random, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = rand.int(0, i);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** A `_meta.json` for `folder`: some of its pages, in a shuffled order, with titles. */
function metaText(rand: Random, model: SiteModel, folder: string): string {
  const prefix = folder ? `content/${folder}/` : 'content/';
  const names = pages(model)
    .filter((path) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/'))
    .map((path) => path.slice(prefix.length).replace(/\.mdx?$/, ''));
  const chosen = shuffled(rand, names.filter(() => rand.next() < 0.7));
  // Mostly titles; by chance a page hidden from the sidebar (and search), a separator, a link out.
  const entries: [string, unknown][] = chosen.map((name) => [name, rand.next() < 0.15 ? { title: titlePhrase(rand, 1, 3), display: 'hidden' } : titlePhrase(rand, 1, 3)]);
  if (rand.next() < 0.2) entries.splice(rand.int(0, entries.length), 0, ['--', { type: 'separator', title: titlePhrase(rand, 1, 2) }]);
  if (rand.next() < 0.2) entries.push(['elsewhere', { title: titlePhrase(rand, 1, 2), href: 'https://example.com/' }]);
  return `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`;
}

/** Each kind of change: it changes the model and says what it did (or null when it could not apply). */
const CHANGES: Record<string, (rand: Random, model: SiteModel) => Promise<string | null> | string | null> = {
  'page text': (rand, model) => {
    const path = rand.pick(pages(model).filter((p) => p !== model.broken));
    model.files.set(path, pageText(rand, model, path));
    return `rewrote ${path}`;
  },
  'page added': (rand, model) => {
    const path = `content/${[rand.pick(FOLDERS), `page-${model.nextPage++}.${rand.pick(['md', 'mdx'])}`].filter(Boolean).join('/')}`;
    model.files.set(path, pageText(rand, model, path));
    return `added ${path}`;
  },
  'page removed': (rand, model) => {
    const removable = pages(model).filter((path) => !path.endsWith('/index.md') && !path.endsWith('/index.mdx') && path !== model.broken);
    if (removable.length < 3) return null;
    const path = rand.pick(removable);
    model.files.delete(path);
    return `removed ${path}`;
  },
  // A page moved to another folder under a new name: its route changes, links to it break.
  'page renamed': (rand, model) => {
    const movable = pages(model).filter((path) => !/(^|\/)index\.mdx?$/.test(path) && path !== model.broken);
    if (!movable.length) return null;
    const from = rand.pick(movable);
    const to = `content/${[rand.pick(FOLDERS), `page-${model.nextPage++}.${from.endsWith('.mdx') ? 'mdx' : 'md'}`].filter(Boolean).join('/')}`;
    moveFile(model, from, to);
    // Its import of the component follows it, as an editor's move would mend it.
    model.files.set(to, String(model.files.get(to)).replace(`from '${badgeImport(from)}'`, `from '${badgeImport(to)}'`));
    return `renamed ${from} to ${to}`;
  },
  // The same page as Markdown or MDX: one route, another compiler.
  'page format switched': (rand, model) => {
    const path = rand.pick(pages(model).filter((p) => p !== model.broken));
    const to = path.endsWith('.mdx') ? path.replace(/\.mdx$/, '.md') : path.replace(/\.md$/, '.mdx');
    moveFile(model, path, to);
    model.files.set(to, pageText(rand, model, to));
    return `${path} now ${to}`;
  },
  // A page's French version (`page.fr-FR.md`) added, or removed when it has one: a page of the
  // `fr-FR` locale while the config has it, else a page of its own whose name ends `.fr-FR`.
  'page translated': (rand, model) => {
    const originals = pages(model).filter((path) => !path.includes('.fr-FR.') && path !== model.broken);
    const path = rand.pick(originals);
    // In either format: a page switched to MDX keeps its Markdown French version (one route, two files, were both made).
    const existing = ['md', 'mdx'].map((ext) => path.replace(/\.mdx?$/, `.fr-FR.${ext}`)).find((french) => model.files.has(french));
    if (existing) {
      if (existing === model.broken) return null;
      model.files.delete(existing);
      return `removed ${existing}`;
    }
    const french = path.replace(/\.(mdx?)$/, '.fr-FR.$1');
    model.files.set(french, pageText(rand, model, french));
    return `added ${french}`;
  },
  meta: (rand, model) => {
    const folder = rand.pick(FOLDERS);
    model.files.set(`content/${folder ? `${folder}/` : ''}_meta.json`, metaText(rand, model, folder));
    return `_meta of "${folder}"`;
  },
  image: async (rand, model) => {
    const name = rand.pick(['a', 'b']);
    model.files.set(`public/images/${name}.png`, await png(rand));
    return `image ${name}.png`;
  },
  component: (rand, model) => {
    if (rand.next() < 0.5) model.files.set(`components/${model.badge.labelFile}`, `export const label = ${JSON.stringify(titlePhrase(rand, 1, 2))};\n`);
    else {
      model.badge.tag = rand.pick(['b', 'i', 'em']);
      model.files.set('components/Badge.jsx', badgeText(model.badge));
    }
    return 'component';
  },
  // The file the component imports moved: one file gone, another made, outside content/.
  'component import moved': (_rand, model) => {
    const from = model.badge.labelFile;
    model.badge.labelFile = from === 'label.js' ? 'lib/label.js' : 'label.js';
    moveFile(model, `components/${from}`, `components/${model.badge.labelFile}`);
    model.files.set('components/Badge.jsx', badgeText(model.badge));
    return `component import moved to ${model.badge.labelFile}`;
  },
  'plugin word': (rand, model) => {
    model.files.set(`plugins/${model.reword.wordFile}`, `export const word = ${JSON.stringify(titlePhrase(rand, 1, 1))};\n`);
    return 'the remark plugin\'s word';
  },
  // The remark plugin itself: what it replaces, and where the file it imports is.
  'plugin edited': (rand, model) => {
    model.reword.target = rand.pick(['Read', 'on', 'See']);
    if (rand.next() < 0.5) {
      const from = model.reword.wordFile;
      model.reword.wordFile = from === 'word.mjs' ? 'words/word.mjs' : 'word.mjs';
      moveFile(model, `plugins/${from}`, `plugins/${model.reword.wordFile}`);
    }
    model.files.set('plugins/reword.mjs', rewordText(model.reword));
    return `the remark plugin replaces "${model.reword.target}", imports ${model.reword.wordFile}`;
  },
  config: (rand, model) => {
    const key = rand.pick(['title', 'basePath', 'reword', 'redirect', 'french'] as const);
    if (key === 'title') model.config.title = titlePhrase(rand, 1, 3);
    else if (key === 'basePath') model.config.basePath = model.config.basePath ? '' : '/docs';
    else if (key === 'reword') model.config.reword = !model.config.reword;
    else if (key === 'french') model.config.french = !model.config.french;
    else model.config.redirect = model.config.redirect === undefined ? `/${routeOf(rand.pick(pages(model)))}` : undefined;
    model.files.set('docs-gen.config.ts', configText(model.config));
    return `config ${key}`;
  },
  'page broken': (rand, model) => {
    const mdx = pages(model).filter((path) => path.endsWith('.mdx'));
    const candidates = mdx.filter((path) => path !== model.mended);
    if (model.broken || !candidates.length) return null;
    model.broken = rand.pick(candidates);
    model.files.set(model.broken, `${String(model.files.get(model.broken))}\n<Badge\n`);
    return `broke ${model.broken}`;
  },
};

const badgeText = ({ tag, labelFile }: SiteModel['badge']) =>
  `import { label } from './${labelFile}';\n\nexport default function Badge() {\n  return <${tag} className="badge">{label}</${tag}>;\n}\n`;

const rewordText = ({ target, wordFile }: SiteModel['reword']) =>
  `import { word } from './${wordFile}';\n\nexport default function reword() {\n  const visit = (node) => {\n    if (node.type === 'text') node.value = node.value.replaceAll(${JSON.stringify(target)}, word);\n    node.children?.forEach(visit);\n  };\n  return visit;\n}\n`;

function moveFile(model: SiteModel, from: string, to: string): void {
  model.files.set(to, model.files.get(from)!);
  model.files.delete(from);
}

export async function initialModel(rand: Random): Promise<SiteModel> {
  const model: SiteModel = { files: new Map(), config: { title: 'Fuzzed', basePath: '', reword: true }, nextPage: 1, badge: { tag: 'b', labelFile: 'label.js' }, reword: { target: 'Read', wordFile: 'word.mjs' } };
  model.files.set('docs-gen.config.ts', configText(model.config));
  model.files.set('components/label.js', "export const label = 'Label';\n");
  model.files.set('components/Badge.jsx', badgeText(model.badge));
  model.files.set('plugins/word.mjs', "export const word = 'Peruse';\n");
  model.files.set('plugins/reword.mjs', rewordText(model.reword));
  for (const name of ['a', 'b']) model.files.set(`public/images/${name}.png`, await png(rand));
  for (const folder of FOLDERS) {
    const base = folder ? `content/${folder}/` : 'content/';
    for (const name of ['index', `${folder.split('/').pop() || 'start'}-${model.nextPage++}`]) {
      const path = `${base}${name}.${rand.pick(['md', 'mdx'])}`;
      model.files.set(path, pageText(rand, model, path));
    }
  }
  for (const folder of FOLDERS) model.files.set(`content/${folder ? `${folder}/` : ''}_meta.json`, metaText(rand, model, folder));
  return model;
}

/**
 * Writes the model over the site as an editor would: the files that are new or changed, and the
 * removal of those it no longer has; `written` is what the last call wrote (empty at first).
 */
export function writeSite(root: string, model: SiteModel, written: Map<string, string | Buffer>): void {
  for (const path of written.keys()) if (!model.files.has(path)) rmSync(join(root, path), { force: true });
  for (const [path, contents] of model.files) {
    const before = written.get(path);
    if (before !== undefined && Buffer.from(before).equals(Buffer.from(contents))) continue;
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
  written.clear();
  for (const [path, contents] of model.files) written.set(path, contents);
}

/** One step's changes: the page the step before broke mended, then one to three changes at random. Says what it did. */
export async function changeAtRandom(rand: Random, model: SiteModel): Promise<string[]> {
  const made: string[] = [];
  model.mended = model.broken;
  if (model.broken) {
    model.files.set(model.broken, pageText(rand, model, model.broken));
    made.push(`mended ${model.broken}`);
    model.broken = undefined;
  }
  const kinds = Object.keys(CHANGES);
  const count = rand.int(1, 3);
  for (let tries = 0; made.length < count && tries < 10; tries++) {
    const change = await CHANGES[rand.pick(kinds)]!(rand, model);
    if (change) made.push(change);
  }
  return made;
}

/** The routes of the model's pages (`/`, `/guide`, `/guide/advanced/page-3`). */
export const routesOf = (model: SiteModel) => pages(model).map((path) => `/${routeOf(path)}`);
