import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import sharp from 'sharp';
import { afterAll, expect, test } from 'vitest';
import { createRandom, paragraph, sentence, titlePhrase, words, type Random } from '../../bench/lib/text.mjs';
import { build } from '../../src/build/build.ts';
import { filesOf, tempSite, tmp } from '../helpers.ts';

/**
 * Rebuilds against builds without the cache, on a site changed at random: each step makes one to
 * three changes of the kinds below (pages, `_meta`, images, a component and the file it imports,
 * the site's remark plugin and the file it imports, the config, a page broken and then mended),
 * builds into the same output folder with the cache, and compares every file with a build of the
 * same sources without it. A build that fails must fail without the cache too, and leave the
 * output as it was. The changes come from a seeded generator: a seed gives the same steps on
 * any machine, and a failure names the seed, the step and the changes that led to it.
 *
 * Longer runs: `FUZZ_SEED=7 FUZZ_STEPS=200 npx vitest run tests/integration/rebuild-fuzz.test.ts`
 * (`FUZZ_LOG=1` prints each step and its outcome).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 1);
const STEPS = Number(process.env.FUZZ_STEPS ?? 12);

const FOLDERS = ['', 'guide', 'guide/advanced', 'reference'];

/** The site as files (path → text or bytes), written whole before each build; `broken` is a page with a syntax error, mended by the next step. */
interface SiteModel {
  files: Map<string, string | Buffer>;
  broken?: string;
  /** The config's choices. */
  config: { title: string; basePath: string; reword: boolean };
  nextPage: number;
}

const png = (rand: Random) =>
  sharp({ create: { width: rand.int(8, 80), height: rand.int(8, 80), channels: 3, background: { r: rand.int(0, 255), g: rand.int(0, 255), b: rand.int(0, 255) } } })
    .png()
    .toBuffer();

const configText = ({ title, basePath, reword }: SiteModel['config']) =>
  `export default { title: ${JSON.stringify(title)}, basePath: ${JSON.stringify(basePath)}, plugins: [${reword ? "{ name: 'reword', remarkPlugins: [{ module: new URL('./plugins/reword.mjs', import.meta.url).href }] }" : ''}] };\n`;

const pages = (model: SiteModel) => [...model.files.keys()].filter((path) => /^content\/.*\.mdx?$/.test(path)).sort();

/** A page's text: a title, paragraphs, and (by chance) a code block, an image, a link to another page, and in MDX the component. */
function pageText(rand: Random, model: SiteModel, path: string): string {
  const mdx = path.endsWith('.mdx');
  const parts = rand.next() < 0.3 ? [`---\ntitle: ${titlePhrase(rand, 1, 3)}\n---\n`] : [];
  if (mdx && rand.next() < 0.6) parts.push(`import Badge from '${posix.relative(posix.dirname(path), 'components/Badge.jsx')}';\n`);
  parts.push(`# ${titlePhrase(rand, 1, 4)}\n`, `${paragraph(rand)} Read on.\n`);
  if (rand.next() < 0.5) parts.push(`## ${titlePhrase(rand, 1, 3)}\n`, `${sentence(rand)}\n`);
  if (rand.next() < 0.4) parts.push(`\`\`\`${rand.pick(['rel', 'python', 'json'])}\n${words(rand, 4).join(' ')}\n\`\`\`\n`);
  if (rand.next() < 0.4) parts.push(`![${words(rand, 2).join(' ')}](/images/${rand.pick(['a', 'b'])}.png)\n`);
  const others = pages(model).filter((other) => other !== path);
  if (others.length && rand.next() < 0.5) parts.push(`See [${words(rand, 2).join(' ')}](/${routeOf(rand.pick(others))}).\n`);
  if (mdx && parts.some((part) => part.startsWith('import Badge'))) parts.push('<Badge />\n');
  return parts.join('\n');
}

const routeOf = (path: string) => path.replace(/^content\//, '').replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');

/** A `_meta.json` for `folder`: some of its pages, in a shuffled order, with titles. */
function metaText(rand: Random, model: SiteModel, folder: string): string {
  const prefix = folder ? `content/${folder}/` : 'content/';
  const names = pages(model)
    .filter((path) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/'))
    .map((path) => path.slice(prefix.length).replace(/\.mdx?$/, ''));
  const chosen = names.filter(() => rand.next() < 0.7).sort(() => rand.next() - 0.5);
  return `${JSON.stringify(Object.fromEntries(chosen.map((name) => [name, titlePhrase(rand, 1, 3)])), null, 2)}\n`;
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
    if (rand.next() < 0.5) model.files.set('components/label.js', `export const label = ${JSON.stringify(titlePhrase(rand, 1, 2))};\n`);
    else {
      const tag = rand.pick(['b', 'i', 'em']);
      model.files.set('components/Badge.jsx', `import { label } from './label.js';\n\nexport default function Badge() {\n  return <${tag} className="badge">{label}</${tag}>;\n}\n`);
    }
    return 'component';
  },
  'plugin word': (rand, model) => {
    model.files.set('plugins/word.mjs', `export const word = ${JSON.stringify(titlePhrase(rand, 1, 1))};\n`);
    return 'the remark plugin\'s word';
  },
  config: (rand, model) => {
    const key = rand.pick(['title', 'basePath', 'reword'] as const);
    if (key === 'title') model.config.title = titlePhrase(rand, 1, 3);
    else if (key === 'basePath') model.config.basePath = model.config.basePath ? '' : '/docs';
    else model.config.reword = !model.config.reword;
    model.files.set('docs-gen.config.ts', configText(model.config));
    return `config ${key}`;
  },
  'page broken': (rand, model) => {
    const mdx = pages(model).filter((path) => path.endsWith('.mdx'));
    if (model.broken || !mdx.length) return null;
    model.broken = rand.pick(mdx);
    model.files.set(model.broken, `${String(model.files.get(model.broken))}\n<Badge\n`);
    return `broke ${model.broken}`;
  },
};

async function initialModel(rand: Random): Promise<SiteModel> {
  const model: SiteModel = { files: new Map(), config: { title: 'Fuzzed', basePath: '', reword: true }, nextPage: 1 };
  model.files.set('docs-gen.config.ts', configText(model.config));
  model.files.set('components/label.js', "export const label = 'Label';\n");
  model.files.set('components/Badge.jsx', "import { label } from './label.js';\n\nexport default function Badge() {\n  return <b className=\"badge\">{label}</b>;\n}\n");
  model.files.set('plugins/word.mjs', "export const word = 'Peruse';\n");
  model.files.set(
    'plugins/reword.mjs',
    "import { word } from './word.mjs';\n\nexport default function reword() {\n  const visit = (node) => {\n    if (node.type === 'text') node.value = node.value.replaceAll('Read', word);\n    node.children?.forEach(visit);\n  };\n  return visit;\n}\n",
  );
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

/** Writes the model over the site: every file of it, and none of those it no longer has (the output and cache left alone). */
function writeSite(root: string, model: SiteModel): void {
  for (const top of ['content', 'public', 'components', 'plugins']) rmSync(join(root, top), { recursive: true, force: true });
  for (const [path, contents] of model.files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
}

/** A build's files, or the failure's message. */
async function built(root: string, outDir: string, cache: boolean): Promise<{ files?: Map<string, string>; failure?: string }> {
  try {
    await build({ root, outDir, cache });
    return { files: filesOf(outDir) };
  } catch (error) {
    return { failure: (error as Error).message };
  }
}

const site = tempSite({});
const references = tmp();
afterAll(() => site.cleanup());

test(`seed ${SEED}: ${STEPS} steps of random changes, each rebuild equal to a build without the cache`, { timeout: 60_000 + STEPS * 60_000 }, async () => {
  const rand = createRandom(SEED);
  const model = await initialModel(rand);
  const out = join(site.root, 'out');
  const history: string[] = [];
  const kinds = Object.keys(CHANGES);
  for (let step = 0; step <= STEPS; step++) {
    const made: string[] = [];
    if (step > 0) {
      if (model.broken) {
        model.files.set(model.broken, pageText(rand, model, model.broken));
        made.push(`mended ${model.broken}`);
        model.broken = undefined;
      }
      const count = rand.int(1, 3);
      while (made.length < count) made.push((await CHANGES[rand.pick(kinds)]!(rand, model)) ?? '');
    }
    history.push(`step ${step}: ${made.filter(Boolean).join('; ') || 'the first build'}`);
    writeSite(site.root, model);
    const before = step > 0 ? filesOf(out) : undefined;
    const cached = await built(site.root, out, true);
    const reference = await built(site.root, join(references, `step-${step}`), false);
    const where = `seed ${SEED}, after\n${history.join('\n')}`;
    expect(cached.failure === undefined, `${where}\nthe rebuild ${cached.failure ? `failed: ${cached.failure}` : 'passed'}; the build without the cache ${reference.failure ? `failed: ${reference.failure}` : 'passed'}`).toBe(reference.failure === undefined);
    if (cached.failure) expect(filesOf(out), `${where}\na failed rebuild changed the output`).toEqual(before);
    else expect(cached.files, where).toEqual(reference.files);
    expect(readdirSync(site.root).filter((name) => name.startsWith('.out.')), `${where}\na staging folder was left`).toEqual([]);
    if (model.broken) expect(cached.failure, where).toMatch(/Unexpected|Expected|end of file/i);
    rmSync(join(references, `step-${step}`), { recursive: true, force: true });
    if (process.env.FUZZ_LOG) console.log(history.at(-1), cached.failure ? `FAILED ${cached.failure.slice(0, 80)}` : `ok ${cached.files?.size}`);
  }
});
