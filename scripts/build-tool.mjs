// Transpiles src/, plugins/ and theme/ file by file into dist/ (same layout, .js).
// One file in, one file out: every module keeps its own import.meta.url, which
// worker-thread modules are located by.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();

function sources(dir) {
  const out = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...sources(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const entryPoints = ['src', 'plugins', 'theme'].flatMap(sources);

const result = await build({
  entryPoints: entryPoints.map((p) => join(root, p)),
  outdir: join(root, 'dist'),
  outbase: root,
  bundle: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  // Beside each module, not inside it: inline maps made every module three to four times its size,
  // which Node read and V8 scanned at every start (50 CPU ms of a one-page build); Node still finds
  // them with --enable-source-maps.
  sourcemap: 'linked',
  logLevel: 'warning',
  write: false,
});
for (const file of result.outputFiles) {
  // Relative `.ts`/`.tsx` specifiers point at the transpiled `.js` siblings (a source map is left as esbuild wrote it).
  const text = file.path.endsWith('.map') ? file.text : file.text.replace(/((?:from|import)\s*\(?\s*)(["'])(\.{1,2}\/[^"']+?)\.tsx?\2/g, '$1$2$3.js$2');
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, text);
}
// Stale outputs (from deleted sources) go; dist/ is never emptied first, so a test run
// reading dist/ in parallel does not see modules vanish.
const written = new Set(result.outputFiles.map((f) => f.path));
function prune(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) prune(path);
    else if ((path.endsWith('.js') || path.endsWith('.js.map')) && !written.has(path)) rmSync(path);
  }
}
prune(join(root, 'dist'));
// Data files the modules read at run time (grammars, CSS) sit beside them in dist/ too.
for (const dir of ['theme', 'plugins']) {
  cpSync(join(root, dir), join(root, 'dist', dir), { recursive: true, filter: (src) => !/\.tsx?$/.test(src) && !src.endsWith('README.md') });
}
// The client bundle of a site without islands, made once here instead of by every build.
const { prebuildClient } = await import(join(root, 'dist', 'src', 'build', 'client-assets.js'));
await prebuildClient();
// The inline scripts (head script, dev client) too, beside it.
const { prebuildInlineScripts } = await import(join(root, 'dist', 'src', 'build', 'inline-scripts.js'));
prebuildInlineScripts();
// shiki's patterns of the languages docs most often show, converted to JavaScript RegExps once here instead of in every worker.
const { prebuildRegexTables, REGEX_TABLE_DIR } = await import(join(root, 'dist', 'plugins', 'content-loader', 'highlight-regexes.js'));
await prebuildRegexTables(REGEX_TABLE_DIR, join(root, 'theme', 'highlight', 'rel.tmLanguage.json'));
// The tool's build id (every file of dist/ hashed once, here, after the client bundle is in it): the persistent caches' key for the tool itself.
const { BUILD_ID_FILE, hashOfToolFolder } = await import(new URL('../dist/src/util/tool-build-id.js', import.meta.url).href);
writeFileSync(join(root, 'dist', BUILD_ID_FILE), `${await hashOfToolFolder(join(root, 'dist'))}\n`);
console.log(`docs-gen: built ${entryPoints.length} modules into ${relative(process.cwd(), join(root, 'dist')) || 'dist'}/ in ${Math.round(performance.now() - started)} ms`);
