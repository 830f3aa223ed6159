// Transpiles src/, plugins/ and theme/ file by file into dist/ (same layout, .js).
// One file in, one file out: every module keeps its own import.meta.url, which
// worker-thread modules are located by.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/**
 * Packages of many small modules that every start loads, bundled into dist/vendor/ (what they
 * export, as it is; `default` too where the tool imports it). dist/'s imports of them point
 * there. They are bundled in one esbuild run that splits out what they share (micromark, vfile,
 * hast-util-to-html inside shiki), so every module of the tool shares one copy of each. On the
 * main thread: zod was 95 modules (60–80 ms to load, 28 ms as one file; its mini API is bundled by name, below), ws 42 (33 ms, 14),
 * commander 16 (15–20 ms, 9). A worker that compiled and highlighted an .mdx page loaded 511
 * modules, 412 of them from node_modules, and now loads 140; a cold build of a two-page site
 * with an .mdx page went from 0.89 to 0.65 CPU s. Left in node_modules: React, which must be the
 * one copy page modules import too (src/pipeline/shared-react.ts), and shiki's grammars and
 * themes, one module each, imported when a page first needs one. micromark-util-edit-map is its
 * own entry so that plugins/content-loader/linear-edit-map.ts patches the class the bundled
 * micromark uses.
 */
// The list is shared with the tests (tests/integration/tool-dist.test.ts).
const { packages: VENDORED, withDefault, byName } = JSON.parse(readFileSync(join(root, 'scripts', 'vendored-packages.json'), 'utf8'));
const WITH_DEFAULT = new Set(withDefault);
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
/**
 * A package the tool uses a small part of (`byName`: zod/mini, whose functions each make one kind
 * of schema) is bundled with only the names the transpiled modules import from it, by name or as
 * `ns.name` of a namespace import, so that esbuild leaves the rest out. zod's classic API hangs
 * every method on every schema: the config's schema, loaded and a first config parsed, took 71–80
 * ms in it, and 27–30 ms in zod/mini by name (63 KB, 7–13 ms of it the package's own load).
 */
function namesImportedFrom(specifier) {
  const quoted = `["']${specifier.replace(/[/]/g, '\\/')}["']`;
  const names = new Set();
  for (const file of result.outputFiles) {
    if (!file.path.endsWith('.js')) continue;
    const text = file.text;
    for (const [, list] of text.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*${quoted}`, 'g'))) {
      for (const item of list.split(',')) if (item.trim()) names.add(item.trim().split(/\s+as\s+/)[0]);
    }
    // A name reached otherwise (the namespace passed on, then `other.name`) is missing from the
    // bundle, and its first call throws: tool-dist.test.ts loads the schemas from dist/. A match
    // that is no use of the namespace (`other.ns.name`) adds a name, which esbuild refuses if the
    // package has no such export.
    for (const [, ns] of text.matchAll(new RegExp(`import\\s*\\*\\s*as\\s+([\\w$]+)\\s*from\\s*${quoted}`, 'g'))) {
      for (const [, name] of text.matchAll(new RegExp(`(?<![\\w$])${ns.replace(/\$/g, '\\$')}\\.([\\w$]+)`, 'g'))) names.add(name);
    }
    if (new RegExp(`(?:import\\s*\\(\\s*|import\\s+[\\w$]+\\s*(?:,[^;]*)?from\\s*|export[^;]*from\\s*)${quoted}`).test(text)) throw new Error(`${file.path}: ${specifier} is bundled by name (scripts/vendored-packages.json); import it by name or as a namespace`);
  }
  return [...names].sort();
}
const vendorFile = (name) => join(root, 'dist', 'vendor', `${name}.js`);
// esbuild splits only entry files, not stdin: one small file per package, outside dist/.
const entryDir = join(root, 'node_modules', '.cache', 'docs-gen', 'vendor-entries');
mkdirSync(entryDir, { recursive: true });
const entries = {};
for (const name of VENDORED) {
  const file = join(entryDir, `${name.replace('/', '__')}.js`);
  const exported = byName.includes(name) ? `export { ${namesImportedFrom(name).join(', ')} } from '${name}';` : `export * from '${name}';`;
  writeFileSync(file, `${exported}${WITH_DEFAULT.has(name) ? ` export { default } from '${name}';` : ''}\n`);
  // dist/vendor/<name>.js: `@mdx-js/mdx` in a folder `@mdx-js`, as in node_modules.
  entries[name] = file;
}
/**
 * zod's `locales` namespaces (`z.locales`, `z.core.locales`) hold its messages in 64 languages,
 * 360 KB of the 760 KB file every start loaded for the config's schema when the tool used zod's
 * classic API; the schemas set English (`z.locales.en`) and nothing here sets another. The
 * namespaces are narrowed to English: the classic file's import went from about 57 to 47 ms.
 */
const englishZod = {
  name: 'english-zod',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => (/[\\/]zod[\\/]v4[\\/](?:classic|core|mini)$/.test(args.resolveDir) ? { path: join(args.resolveDir, '..', 'locales', 'index.js'), namespace: 'english-zod' } : undefined));
    builder.onLoad({ filter: /.*/, namespace: 'english-zod' }, (args) => ({ contents: `export { default as en } from ${JSON.stringify(join(dirname(args.path), 'en.js'))};\n`, resolveDir: dirname(args.path) }));
  },
};
const vendored = await build({
  entryPoints: entries,
  // The metafile's paths are relative to this, whatever folder the script runs from.
  absWorkingDir: root,
  metafile: true,
  outdir: join(root, 'dist', 'vendor'),
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // ws's optional native helpers stay optional: required at run time, in a try. The grammars and
  // themes stay where they are (bundled, they were 390 more files and 10 MB), imported from here
  // by name: package.json lists @shikijs/langs and @shikijs/themes for that.
  external: ['bufferutil', 'utf-8-validate', '@shikijs/langs/*', '@shikijs/themes/*'],
  // A CommonJS package bundled as an ES module still calls require for Node's own modules.
  banner: { js: "import { createRequire as __vendorRequire } from 'node:module'; const require = __vendorRequire(import.meta.url);" },
  logLevel: 'warning',
  plugins: [englishZod],
});
/** The package an input of the bundle belongs to (the innermost node_modules folder of its path), or nothing for the entry files under node_modules/.cache. */
function packageOfInput(input) {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const [scope, name] = input.slice(at + 'node_modules/'.length).split('/');
  if (scope.startsWith('.')) return undefined;
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}
// dist/vendor/packages.json: each file there (an entry or a shared chunk), relative to
// dist/vendor/, and the packages whose modules it holds. A test that asks whether a package was
// loaded (micromark lives in a chunk) reads it.
const packagesOfFiles = {};
for (const [output, { inputs }] of Object.entries(vendored.metafile.outputs)) {
  if (!output.endsWith('.js')) continue;
  const names = new Set(Object.keys(inputs).map(packageOfInput).filter(Boolean));
  packagesOfFiles[relative(join(root, 'dist', 'vendor'), join(root, output)).split('\\').join('/')] = [...names].sort();
}
writeFileSync(join(root, 'dist', 'vendor', 'packages.json'), `${JSON.stringify(packagesOfFiles, null, 1)}\n`);
/** `from "zod/mini"` → `from "../vendor/zod/mini.js"`, relative to the importing file. */
function vendoredImports(text, file) {
  return text.replace(/((?:from|import)\s*\(?\s*)(["'])([^"'./][^"']*)\2/g, (whole, lead, quote, specifier) => {
    if (!VENDORED.includes(specifier)) return whole;
    const target = relative(dirname(file), vendorFile(specifier)).split('\\').join('/');
    return `${lead}${quote}${target.startsWith('.') ? target : `./${target}`}${quote}`;
  });
}

for (const file of result.outputFiles) {
  // Relative `.ts`/`.tsx` specifiers point at the transpiled `.js` siblings (a source map is left as esbuild wrote it).
  const text = file.path.endsWith('.map') ? file.text : vendoredImports(file.text.replace(/((?:from|import)\s*\(?\s*)(["'])(\.{1,2}\/[^"']+?)\.tsx?\2/g, '$1$2$3.js$2'), file.path);
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, text);
}
// Stale outputs (from deleted sources) go; dist/ is never emptied first, so a test run
// reading dist/ in parallel does not see modules vanish.
const written = new Set([...result.outputFiles.map((f) => f.path), ...Object.keys(vendored.metafile.outputs).map((path) => join(root, path))]);
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
