import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { metaSchema } from '../../../plugins/page-map/meta-schema.ts';
import { loadMetaVerdicts } from '../../../plugins/page-map/meta-verdicts.ts';
import { readMeta } from '../../../plugins/page-map/read-meta.ts';
import { rejectionDiagnostics, tmp } from '../../helpers.ts';

const META = { index: 'Home', guide: { title: 'Guide', theme: { toc: false } }, link: { title: 'Out', href: 'https://example.com', newWindow: true } };

/** A site folder with `_meta.json` holding `text`, and its cache folder. */
function siteWith(text: string): { root: string; file: string; cacheDir: string } {
  const root = tmp();
  mkdirSync(join(root, 'content'), { recursive: true });
  const file = join(root, 'content', '_meta.json');
  writeFileSync(file, text);
  return { root, file, cacheDir: join(root, '.docs-gen-cache') };
}

/** One run of the page map over the file: the verdicts loaded, the file read with them, the verdicts saved. */
async function run(site: { root: string; file: string; cacheDir: string }) {
  const verdicts = await loadMetaVerdicts(site.cacheDir);
  const read = await readMeta(site.file, { root: site.root, cacheDir: join(site.cacheDir, 'meta'), sourcePath: 'content/_meta.json', verdicts });
  await verdicts.save();
  return read.meta;
}

const verdictsFile = (cacheDir: string) => join(cacheDir, 'config', 'meta-verdicts.json');
const entriesOf = (cacheDir: string) => (JSON.parse(readFileSync(verdictsFile(cacheDir), 'utf8')) as { entries: Record<string, unknown> }).entries;

describe("what the _meta schema made of a _meta.json file is kept for the next run (meta-verdicts.ts)", () => {
  test('kept as the schema made it, and given back by the next run', async () => {
    const site = siteWith(JSON.stringify(META));
    expect(await run(site)).toEqual(metaSchema.parse(META));
    const entries = entriesOf(site.cacheDir);
    expect(Object.values(entries)).toEqual([metaSchema.parse(META)]);
    // Marked in the file, the mark comes back: the next run read the verdict, not the schema.
    const [key] = Object.keys(entries);
    const salt = (JSON.parse(readFileSync(verdictsFile(site.cacheDir), 'utf8')) as { salt: string }).salt;
    writeFileSync(verdictsFile(site.cacheDir), JSON.stringify({ salt, entries: { [key!]: { ...metaSchema.parse(META), index: 'From the verdict' } } }));
    expect((await run(site)).index).toBe('From the verdict');
  });

  test('an edited file is validated again, and the next save keeps only what this run used', async () => {
    const site = siteWith(JSON.stringify(META));
    await run(site);
    const before = Object.keys(entriesOf(site.cacheDir));
    writeFileSync(site.file, JSON.stringify({ ...META, index: 'Changed' }));
    expect((await run(site)).index).toBe('Changed');
    const after = Object.keys(entriesOf(site.cacheDir));
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
  });

  test('verdicts kept under another salt (another tool, another schema) are not used', async () => {
    const site = siteWith(JSON.stringify(META));
    await run(site);
    const { entries } = JSON.parse(readFileSync(verdictsFile(site.cacheDir), 'utf8')) as { entries: Record<string, Record<string, unknown>> };
    const marked = Object.fromEntries(Object.entries(entries).map(([key, meta]) => [key, { ...meta, index: 'Marked' }]));
    writeFileSync(verdictsFile(site.cacheDir), JSON.stringify({ salt: 'another tool', entries: marked }));
    expect((await run(site)).index).toBe('Home');
  });

  test('an invalid file is reported as before and keeps nothing; a file of titles alone needs no verdict', async () => {
    const invalid = siteWith(JSON.stringify({ guide: { titel: 'Typo' } }));
    const verdicts = await loadMetaVerdicts(invalid.cacheDir);
    const diagnostics = await rejectionDiagnostics(readMeta(invalid.file, { root: invalid.root, cacheDir: invalid.cacheDir, sourcePath: 'content/_meta.json', verdicts }), 'readMeta');
    expect(diagnostics).toMatchObject([{ code: 'meta-invalid', keyPath: 'guide' }]);
    await verdicts.save();
    expect(existsSync(verdictsFile(invalid.cacheDir))).toBe(false);
    const titles = siteWith(JSON.stringify({ index: 'Home', guide: 'Guide' }));
    expect(await run(titles)).toEqual({ index: 'Home', guide: 'Guide' });
    expect(existsSync(verdictsFile(titles.cacheDir))).toBe(false);
  });
});
