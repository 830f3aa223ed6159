// An output file's decoding is kept by its text (plugins/rel-output/index.ts, `DecodeCache`): a
// rebuild reads and hashes the files and decodes only a text it has not seen.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { fixture, tempSite, tmp } from '../helpers.ts';

const site = tempSite({
  'docs-gen.config.ts': "export default { title: 'Outputs' };\n",
  'content/index.mdx': '# Home\n\n<RelOutput src="cities" />\n',
});
const outputs = join(site.root, 'content', 'index.outputs');
const outDir = join(tmp(), 'out');
const decodedFile = join(site.root, '.docs-gen-cache', 'rel-output', 'decoded.json');
interface Kept {
  key: string;
  value: { tool: string; results: Record<string, { ok: boolean; relations?: { rows: (string | null)[][] }[] }> };
}
const kept = () => JSON.parse(readFileSync(decodedFile, 'utf8')) as Kept;
const markdown = () => readFileSync(join(outDir, 'index.md'), 'utf8');

/**
 * Runs `use` in a site of one page, `content/index.mdx` holding `body`, with the cities output
 * copied to `citiesAt` (relative to the site) and whatever else `files` gives; the site goes after.
 */
async function inSiteWithCities(body: string, citiesAt: string, use: (root: string) => Promise<void>, files: Record<string, string> = {}): Promise<void> {
  const other = tempSite({ 'docs-gen.config.ts': "export default { title: 'Outputs' };\n", 'content/index.mdx': `# Home\n\n${body}\n`, ...files });
  try {
    mkdirSync(dirname(join(other.root, citiesAt)), { recursive: true });
    copyFileSync(join(outputs, 'cities.json'), join(other.root, citiesAt));
    await use(other.root);
  } finally {
    other.cleanup();
  }
}

beforeAll(async () => {
  mkdirSync(outputs, { recursive: true });
  copyFileSync(join(fixture('headings-code-math-diagrams-and-llms-txt-work-on-every-page'), 'content', 'guide', 'index.outputs', 'overview.json'), join(outputs, 'cities.json'));
  await build({ root: site.root, outDir });
});
afterAll(() => site.cleanup());

test('a build keeps what the decoder said of each text, and a rebuild takes it from there', async () => {
  expect(markdown()).toContain('| Lima | 10092000 |');
  const entry = kept();
  const [digest] = Object.keys(entry.value.results);
  expect(Object.keys(entry.value.results)).toHaveLength(1);
  // Changed behind the build's back under the same text: the rebuild shows the kept result, so it did not decode.
  entry.value.results[digest!]!.relations![0]!.rows[0]![0] = 'Kept';
  writeFileSync(decodedFile, JSON.stringify(entry));
  await build({ root: site.root, outDir });
  expect(markdown()).toContain('| Kept | 10092000 |');
});

test("a changed file is decoded again, and the old text's result is not kept", async () => {
  const file = join(outputs, 'cities.json');
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
  await build({ root: site.root, outDir });
  expect(markdown()).toContain('| Lima | 10092000 |');
  expect(Object.keys(kept().value.results)).toHaveLength(1);
});

test("another docs-gen's results are not read, nor a damaged one, which is written anew", async () => {
  type Result = Kept['value']['results'][string];
  const relation = (result: Result) => result.relations![0] as unknown as Record<string, unknown>;
  const changes: ((result: Result, entry: Kept) => void)[] = [
    (_result, entry) => void (entry.value.tool = 'another-build'),
    (result) => void (result.relations = undefined),
    (result) => void (result.relations = [1 as never]),
    (result) => void delete relation(result).columns,
    (result) => void (relation(result).rows = [5]),
    (result) => void (relation(result).rows = [['only one cell']]),
    (result) => void ((relation(result).columns as Record<string, unknown>[])[0]!.kind = 'x" onmouseover="alert(5)'),
  ];
  for (const change of changes) {
    const entry = kept();
    const result = Object.values(entry.value.results)[0]!;
    result.relations![0]!.rows[0]![0] = 'Kept';
    change(result, entry);
    writeFileSync(decodedFile, JSON.stringify(entry));
    await build({ root: site.root, outDir });
    expect(markdown(), String(change)).toContain('| Lima | 10092000 |');
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).not.toContain('onmouseover');
    expect(JSON.stringify(kept())).not.toContain('Kept');
  }
});

test('a file in public/ that a page names is kept too', async () => {
  await inSiteWithCities('<RelOutput src="/data/cities.json" />', 'public/data/cities.json', async (root) => {
    const out = join(tmp(), 'public');
    await build({ root, outDir: out });
    const file = join(root, '.docs-gen-cache', 'rel-output', 'decoded.json');
    const entry = JSON.parse(readFileSync(file, 'utf8')) as Kept;
    expect(Object.keys(entry.value.results)).toHaveLength(1);
    Object.values(entry.value.results)[0]!.relations![0]!.rows[0]![0] = 'Kept';
    writeFileSync(file, JSON.stringify(entry));
    await build({ root, outDir: out });
    expect(readFileSync(join(out, 'index.md'), 'utf8')).toContain('| Kept | 10092000 |');
    // A site whose outputs are all in public/ keeps this run's results alone too.
    const publicFile = join(root, 'public', 'data', 'cities.json');
    for (let i = 0; i < 2; i++) {
      writeFileSync(publicFile, `${readFileSync(publicFile, 'utf8')}\n`);
      await build({ root, outDir: out });
    }
    expect(Object.keys((JSON.parse(readFileSync(file, 'utf8')) as Kept).value.results)).toHaveLength(1);
  });
});

test("a file the decoder refuses is not kept: its message is Node's, which another Node words otherwise", async () => {
  const page = '<RelOutput src="cities" />\n\n<RelOutput src="broken" />';
  await inSiteWithCities(
    page,
    'content/index.outputs/cities.json',
    async (root) => {
      await expect(build({ root, outDir: join(tmp(), 'refused') })).rejects.toThrow();
      const entry = JSON.parse(readFileSync(join(root, '.docs-gen-cache', 'rel-output', 'decoded.json'), 'utf8')) as Kept;
      expect(Object.values(entry.value.results).map((result) => result.ok)).toEqual([true]);
    },
    { 'content/index.outputs/broken.json': '[{"relationId": ' },
  );
});

test('a build without the cache keeps nothing', async () => {
  await inSiteWithCities('<RelOutput src="cities" />', 'content/index.outputs/cities.json', async (root) => {
    await build({ root, outDir: join(tmp(), 'bare'), cache: false });
    expect(existsSync(join(root, '.docs-gen-cache', 'rel-output'))).toBe(false);
  });
});
