// Writes every example output file of the site from its readable source:
//   content/<page>.outputs/<name>.yaml  →  content/<page>.outputs/<name>.json
// The YAML lists the relations the query's `output` holds, each with its argument types and
// its rows; a type written `:name` is a RelName constant (`def output:name = …`).
//
//   - types: [String, Int64]
//     rows:
//       - [Lima, 10092000]
//       - [Oslo, 709037]
//   - types: [":flight", String, String]
//     rows:
//       - [Oslo, Lima]
//
// A relation may say `relation: name` when it is not under `output` (viewers hide it).
// Int64/UInt64 values past 2^53 are written as strings; `null` is `missing`.
//
//   node scripts/rel-outputs.mjs           write the JSON files
//   node scripts/rel-outputs.mjs --check   exit 1 when a JSON file is missing or stale
// Needs the tool built (`npm run build:tool`), whose encoder the viewer's decoder mirrors.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Every `*.outputs/*.yaml` file under `contentDir`, content-relative with `/`. */
export function findOutputTables(contentDir) {
  return readdirSync(contentDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.yaml') && e.parentPath.endsWith('.outputs'))
    .map((e) => relative(contentDir, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

/** The relations of one readable table file, in the encoder's form. */
export function relationsOfTable(text, file) {
  const data = parse(text);
  if (!Array.isArray(data)) throw new Error(`${file}: expected a list of relations`);
  return data.map((relation, i) => {
    const where = `${file}: relation ${i + 1}`;
    if (!relation || !Array.isArray(relation.types)) throw new Error(`${where} needs \`types\`, a list`);
    const rows = relation.rows ?? [[]];
    if (!Array.isArray(rows)) throw new Error(`${where}: \`rows\` must be a list`);
    const args = relation.types.map((t) => (String(t).startsWith(':') ? { type: 'Symbol', value: String(t).slice(1) } : String(t)));
    const width = args.filter((a) => typeof a === 'string').length;
    rows.forEach((row, r) => {
      if (!Array.isArray(row) || row.length !== width) throw new Error(`${where}, row ${r + 1}: expected ${width} values, got ${JSON.stringify(row)}`);
    });
    return { arguments: args, rows, ...(relation.relation ? { relation: String(relation.relation) } : {}) };
  });
}

async function main() {
  const check = process.argv.includes('--check');
  const encoderPath = join(root, 'dist/plugins/rel-output/encode-output.js');
  if (!existsSync(encoderPath)) {
    console.error('rel-outputs: the tool is not built; run `npm run build:tool` first');
    process.exit(2);
  }
  const { encodeOutput } = await import(pathToFileURL(encoderPath).href);
  const contentDir = join(root, 'content');
  let stale = 0;
  let written = 0;
  const tables = findOutputTables(contentDir);
  for (const table of tables) {
    const source = join(contentDir, table);
    const target = source.replace(/\.yaml$/, '.json');
    let text;
    try {
      text = encodeOutput(relationsOfTable(readFileSync(source, 'utf8'), `content/${table}`));
    } catch (error) {
      console.error(`content/${table}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    const current = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
    if (current === text) continue;
    if (check) {
      console.error(`content/${table.replace(/\.yaml$/, '.json')} is ${current === undefined ? 'missing' : 'stale'}: run node scripts/rel-outputs.mjs`);
      stale += 1;
    } else {
      writeFileSync(target, text);
      written += 1;
    }
  }
  if (check && stale) process.exit(1);
  console.log(check ? `rel-outputs: ${tables.length} output files up to date` : `rel-outputs: ${written} of ${tables.length} output files written`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
