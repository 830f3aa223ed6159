import { createHash } from 'node:crypto';
import { readdirSync, statSync, type Dirent, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  contentRoute,
  direntPath,
  folderRouteOf,
  localizedRoute,
  sourceFolderOf,
  pageTitle,
  uiStrings,
  DiagnosticError,
  EventLoopTurns,
  workerModuleUrl,
  siteModuleFiles,
  lockFilesDigest,
  type ContentPage,
  type Diagnostic,
  noteCompiledKey,
  withSections,
  carrySections,
  refreshCacheFiles,
  type Plugin,
  type PluginContext,
  type RouteDefinition,
} from 'docs-gen';
import { cachedCompile, isFiledCompile, readFiledCompile, type CompileInput, type CompileOutput } from './compile-page.ts';
import { compiledFolder, hashOfFile } from './compile-cache.ts';
import { katexAssets } from './katex-assets.ts';
import { writeLlmsOutput } from './llms-output.ts';
import type { RememberedMarkdown } from './page-markdown-cache.ts';
import { mermaidAssets } from './mermaid.ts';
import { readStub, type StubInput } from './read-stub.ts';
import { SourceIndex } from './source-index.ts';

export { firstHeading } from './read-stub.ts';

export const CONTENT_LOADER = 'docs-gen:content-loader';

/**
 * What every compiled page depends on besides its own input, for the persistent cache's key:
 * the config (as JSON: every option a page could read), the text of the remark, rehype and
 * bundler plugin modules, with every file of the site a site's module imports
 * (`siteModuleFiles`), so editing one recompiles the pages it transforms, and the site's lock
 * files (`lockFilesDigest`): a plugin from a package is keyed by its entry file's text alone, which
 * an upgrade often leaves as it is (`export { default } from './lib/index.js'`), as it does the
 * packages the plugin imports in turn.
 */
async function siteHashOf(context: PluginContext): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(context.config));
  hash.update('\0').update(await lockFilesDigest(context.root));
  const { remarkPlugins = [], rehypePlugins = [], bundlerPlugins = [] } = context.markdown ?? {};
  for (const ref of [...remarkPlugins, ...rehypePlugins, ...bundlerPlugins]) {
    hash.update('\0').update(ref.module);
    const siteFiles = await siteModuleFiles(ref.module, context.root);
    const files = siteFiles.length ? [...siteFiles].sort() : ref.module.startsWith('file:') ? [fileURLToPath(ref.module)] : [];
    for (const file of files) hash.update('\0').update(file).update('\0').update(await readFile(file).catch(() => ''));
  }
  return hash.digest('hex');
}

/**
 * A body from the compile cache, read (from its source) after the look-up: when the source
 * changed since, or its entry does not fit it, the page's Markdown cannot be made from what was
 * compiled. The next build compiles it again.
 */
function bodyOrError(readBody: () => string, sourcePath: string): string {
  try {
    return readBody();
  } catch (error) {
    throw new DiagnosticError([{ severity: 'error', code: 'read-failed', message: `Cannot read ${sourcePath}: ${(error as Error).message} (build again)`, file: sourcePath }]);
  }
}

/** A compile task with the key of the page's last compile, when that was another (highlight-reuse.ts). */
function withPreviousKey(task: CompileInput, previousKey: string | undefined): CompileInput {
  return previousKey === undefined || previousKey === task.missedKey ? task : { ...task, previousKey };
}

/** A file's stats, or undefined when it cannot be read (its compile reports the error). */
function statOf(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/**
 * All files under `dir`, relative to it, skipping dot-folders, from `entries`: a recursive listing
 * of `dir` as resolved (`context.listContent`).
 */
export async function listFiles(dir: string, entries: readonly Dirent[]): Promise<string[]> {
  // Absolute, so every entry's path starts with it (`.` lists entries as `a.md`, not `./a.md`).
  const root = join(resolve(dir), sep);
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    // Sliced, not `relative`: that resolves both paths for each of 10 000 files.
    const path = direntPath(entry).slice(root.length);
    const slashed = sep === '/' ? path : path.split(sep).join('/');
    // No segment that starts with a dot.
    if (!`/${slashed}`.includes('/.')) files.push(slashed);
  }
  return files.sort();
}

/**
 * The symbolic links under the content folder that name a page (`.md`, `.mdx`) or lead to a
 * folder, relative to the site root: the loader reads regular files only (a link's target is
 * not watched by dev, nor kept in the site), and says so rather than leave the page out unseen.
 */
function linksInContent(dir: string, entries: readonly Dirent[], root: string): string[] {
  const links: string[] = [];
  for (const entry of entries) {
    if (!entry.isSymbolicLink()) continue;
    const path = direntPath(entry);
    if (`${sep}${relative(dir, path)}`.includes(`${sep}.`)) continue;
    if (/\.mdx?$/i.test(entry.name) || (statOf(path)?.isDirectory() && holdsPages(path))) links.push(relative(root, path).split(sep).join('/'));
  }
  return links.sort();
}

/** Whether a folder holds a `.md`/`.mdx` file at any depth (a linked folder of images holds none, and its images are read through the link). Stops at the first. */
function holdsPages(dir: string): boolean {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    if (entry.isFile() && /\.mdx?$/i.test(entry.name)) return true;
    // Links inside are not followed: never round a cycle.
    if (entry.isDirectory() && holdsPages(join(dir, entry.name))) return true;
  }
  return false;
}

/**
 * Pages listed between two turns of the event loop when nothing is looked up on the main thread
 * (dev, `--no-cache`): a count, not a time, so that the same site is asked for in the same order
 * on any machine. 500 pages are 10–20 ms of listing at dev's start.
 */
export const PAGES_PER_TURN = 500;

/**
 * A reader of `body`, made out here: a function made inside `contentLoaded` would keep that run's
 * whole scope alive (its pages, and through `actions` its routes) for as long as the page lives,
 * as one kept per page object does (1000 saves at 10 000 pages: the heap full collections kept
 * was 472–478 MB with such readers, 422 MB without).
 */
const readerOf = (body: string) => () => body;

/**
 * The content loader: every `.md`/`.mdx` under the content folder, compiled in the worker
 * pool (MDX → code, front matter, headings, links and images, text by section).
 */
export default function contentLoader(): Plugin<ContentPage[]> {
  // Each page's source after its front matter, by source path, as the compile read it: the
  // Markdown output is made from the text the HTML was. A page from the compile cache reads its
  // source only when its Markdown is made again.
  const bodies = new Map<string, () => string>();
  /** Each compiled .mdx page's clean Markdown by source path, when the compile made it (no second parse). */
  const cleanMarkdown = new Map<string, string>();
  /** Each page's Markdown from the last `postBuild`: dev runs it after edits, and reads only what changed. */
  const remembered: RememberedMarkdown = new Map();
  /** The body of each page `loadContent` took from the compile cache, read from its source when asked for (a rebuild asks for few). */
  const bodyReaders = new Map<string, () => string>();
  /** The symbolic links `loadContent` left out, for `contentLoaded` to report. */
  let leftOutLinks: string[] = [];
  // The route and the body reader `contentLoaded` made for each page object. dev runs the hook after
  // every save, and hands it the same object while a page is unchanged (a page object is never
  // changed once made): made anew, 10 000 routes and readers were a save's garbage to collect.
  const routeOfPage = new WeakMap<ContentPage, RouteDefinition>();
  const bodyReaderOfPage = new WeakMap<ContentPage, () => string>();

  return {
    name: CONTENT_LOADER,
    contentSource: true,
    async loadContent({ context }) {
      const { config } = context;
      const locales = config.locales.map((l) => l.locale);
      const files = await listFiles(context.contentDir, context.listContent());
      leftOutLinks = linksInContent(context.contentDir, context.listContent(), context.root);
      const grammarPath = fileURLToPath(workerModuleUrl(import.meta.url, '../../theme/highlight/rel.tmLanguage.json'));
      const moduleUrl = workerModuleUrl(import.meta.url, './compile-page.js');
      const stubModuleUrl = workerModuleUrl(import.meta.url, './read-stub.js');
      const moduleDir = join(context.cacheDir, 'pages');
      const diagnostics: Diagnostic[] = [];
      const seen = new Map<string, string>();
      const folded = new Map<string, string>();
      const jobs: Promise<ContentPage | undefined>[] = [];
      const lookUps: { modified: number; start: () => Promise<unknown> }[] = [];
      const compileDiagnostics: Diagnostic[][] = [];
      const siteHash = context.persistentCache ? await siteHashOf(context) : undefined;
      // A build or check looks each page up in the persistent cache here, on the main thread: a hit
      // costs no task (the compile output is not cloned across threads, idle workers load nothing).
      // Dev asks its page store for every page (it tracks what each page compiled to), so not there.
      const lookUpFirst = context.persistentCache && context.mode !== 'dev';
      // `check` colours no code: its keys hold no grammar, and the source index keeps only the
      // compile keys of compiles that highlight (a page's next compile reuses their code blocks).
      const highlightsCode = lookUpFirst && context.mode !== 'check';
      const grammarHash = highlightsCode ? hashOfFile(grammarPath) : undefined;
      const contentFolder = relative(context.root, context.contentDir);
      bodyReaders.clear();
      const sources = lookUpFirst ? SourceIndex.load(context.cacheDir, context.contentDir) : undefined;
      // This thread's view of the compiled entries as they are now: another build or a dev worker may have added some since it last read them.
      if (lookUpFirst) refreshCacheFiles(compiledFolder(context.cacheDir));
      // The same for every page: made once, not once a page (10 000 at dev's start).
      const site = { root: context.root, cacheDir: context.cacheDir, basePath: config.basePath };
      const copyLabels = new Map<string, CompileInput['copyLabels']>();
      const copyLabelsOf = (locale: string) => {
        let labels = copyLabels.get(locale);
        if (!labels) copyLabels.set(locale, (labels = { copy: uiStrings(locale).copy, copyCode: uiStrings(locale).copyCode }));
        return labels;
      };
      // Before any source's stat: a source changed after this by more than a tick is recorded (source-index.ts).
      const statAt = Date.now();
      for (const file of files) {
        const target = contentRoute(file, locales, config.defaultLocale);
        if (!target) continue;
        const sourcePath = join(contentFolder, file);
        const key = `${target.locale} ${target.route}`;
        const other = seen.get(key);
        if (other) {
          diagnostics.push({ severity: 'error', code: 'duplicate-route', message: `Route ${target.route} comes from both ${other} and ${sourcePath}`, file: sourcePath, line: 1, column: 1 });
          continue;
        }
        seen.set(key, sourcePath);
        // `A.md` and `a.md`, or `café.md` spelt NFC and NFD, are two routes here and one folder
        // on macOS and Windows: the second written would silently replace the first.
        const foldedKey = `${target.locale} ${target.route.normalize('NFC').toLowerCase()}`;
        const lookalike = folded.get(foldedKey);
        if (lookalike) {
          diagnostics.push({
            severity: 'error',
            code: 'route-collision',
            message: `Route ${target.route} differs from the route of ${lookalike} only in letter case or Unicode normalisation; on a case-insensitive or normalising file system one would overwrite the other`,
            file: sourcePath,
            line: 1,
            column: 1,
            hint: 'rename one of the two files',
          });
          continue;
        }
        folded.set(foldedKey, sourcePath);
        const hrefPrefix = `${config.basePath}${target.locale === config.defaultLocale ? '' : `/${target.locale}`}`;
        const folderRoute = folderRouteOf({ route: target.route, sourcePath: file });
        const links = { pageRoute: target.route, folderRoute, hrefPrefix, basePath: config.basePath, sourceFolder: sourceFolderOf(sourcePath) };
        const absolute = join(context.contentDir, file);
        const input: CompileInput = {
          file: absolute,
          relativePath: sourcePath,
          format: target.format,
          grammarPath,
          moduleDir,
          links,
          // `check` never reads the HTML: colouring code would be wasted work.
          highlight: context.mode !== 'check',
          copyLabels: copyLabelsOf(target.locale),
          markdown: context.markdown,
          cacheDir: context.persistentCache ? context.cacheDir : undefined,
          siteHash,
          site,
        };
        let lookedUp: Promise<unknown> = Promise.resolve();
        const stats = sources ? statOf(absolute) : undefined;
        const compile = async (): Promise<Omit<CompileOutput, 'body'>> => {
          const lookUpDone = sources ? cachedCompile(input, sources.source(file, absolute, stats, statAt), grammarHash) : { task: input };
          lookedUp = Promise.resolve(lookUpDone).catch(() => undefined);
          const lookUp = await lookUpDone;
          // The key a page's compiled body was filed under stands for its code in the rendered-page cache's keys.
          const noteFiled = (compiled: CompileOutput['compiled'], key: string) => {
            noteCompiledKey(compiled, key);
            if (highlightsCode) sources!.noteCompiled(file, key);
          };
          /** A page read from the compile cache (a hit, or what its worker filed now): its body made from the source when asked for. */
          const fromCache = (found: { output: Omit<CompileOutput, 'body'>; readBody: () => string }, key: string) => {
            noteFiled(found.output.compiled, key);
            bodyReaders.set(sourcePath, () => bodyOrError(found.readBody, sourcePath));
            return found.output;
          };
          if ('output' in lookUp) return fromCache(lookUp, lookUp.key);
          const compileTask = (task: CompileInput, exportName: 'compilePage' | 'compilePageIntoCache') =>
            context.compilePage({
              moduleUrl,
              exportName,
              input: task,
              file: absolute,
              sourcePath,
              stub: async () => readStub(absolute, sourcePath),
              stubTask: { moduleUrl: stubModuleUrl, exportName: 'readStubInWorker', input: { file: absolute, relativePath: sourcePath } satisfies StubInput },
              urlPath: localizedRoute(target.route, target.locale, config.defaultLocale),
            });
          const task = withPreviousKey(lookUp.task, highlightsCode ? sources?.compiledKey(file) : undefined);
          const { missedKey } = task;
          // A page this thread looked up and missed (a build's, `check`'s) is read back from where
          // the worker filed it. Dev looks pages up in its workers (no missed key), and its store
          // keeps the outputs it is answered with (page-store.ts).
          let answer = await compileTask(task, missedKey !== undefined ? 'compilePageIntoCache' : 'compilePage');
          if (isFiledCompile(answer)) {
            const filed = readFiledCompile(task, answer);
            if (filed) return fromCache(filed, missedKey!);
            // Its pack went since (the cache cleared, or merged by another process): the output itself, then.
            answer = await compileTask(task, 'compilePage');
          }
          // A CompileOutput, or under --keep-going a failed page's empty stand-in (a new object, dropped with its route).
          const output = answer as CompileOutput;
          // A bundled module is not filed in the cache (the files it imports are not in the key).
          if (missedKey !== undefined && output.compiled.kind !== 'module') noteFiled(output.compiled, missedKey);
          return output;
        };
        // Looked up most recently modified first (below): the page just edited misses at once,
        // and the worker loads the compiler while the rest are looked up, not after.
        const index = jobs.length;
        // A file that cannot be read is looked up first: its compile reports the error.
        const modified = sources ? (stats?.mtimeMs ?? Number.POSITIVE_INFINITY) : 0;
        let start!: () => Promise<unknown>;
        const started = new Promise<Omit<CompileOutput, 'body'>>((resolve) => (start = () => (resolve(compile()), lookedUp)));
        const job = started.then(
            // Its sections copied unread: a rebuild reads no text of a page whose search pieces it copies.
            (output) => withSections(output, {
              ...target,
              sourcePath,
              title: pageTitle({ frontMatter: output.frontMatter, headings: output.headings, name: target.name, route: target.route }),
            }),
            (error: unknown) => {
              // Gather every page's problems before failing, so one run reports them all, in the
              // files' order whichever compile ends first.
              const list = (error as { diagnostics?: Diagnostic[] }).diagnostics;
              if (list) compileDiagnostics[index] = list;
              else throw error;
              return undefined;
            },
          );
        // Awaited with the others once every page is listed; a failure meanwhile is not unhandled.
        job.catch(() => undefined);
        jobs.push(job);
        if (lookUpFirst) lookUps.push({ modified, start });
        else {
          // Nothing to look up on this thread (dev, --no-cache): the page is asked for as it is
          // listed, and every so many pages the event loop turns, so that what was asked for goes
          // out to the workers (dev's stubs, the compiles of a build without the cache) while the
          // rest are listed: at dev's start on 10 000 pages the worker sat idle for the 0.4 s the
          // listing took, then read stubs.
          void start();
          if (jobs.length % PAGES_PER_TURN === 0) {
            // Two turns: what these pages asked for reaches dev's page store in promise callbacks
            // that run after this loop queued its turn, so the store's turn, which sends their
            // stubs, is queued behind it; with one, the stubs went out a slice late.
            await new Promise((resolve) => setImmediate(resolve));
            await new Promise((resolve) => setImmediate(resolve));
          }
        }
      }
      // Every job's outcome is awaited from here on.
      const settled = Promise.all(jobs);
      settled.catch(() => undefined);
      // A stable sort: pages modified at the same time keep the files' order.
      const [newest, ...others] = lookUps.sort((a, b) => b.modified - a.modified);
      if (newest) {
        // The newest page alone first: when it missed, its compile task is posted, and a worker
        // thread the pool starts for it runs only once this thread's event loop turns, which the
        // look-ups of the other pages would hold off until they all end.
        await newest.start();
        await new Promise((resolve) => setImmediate(resolve));
      }
      // A look-up reads its page's source here to key it, when the source index does not know it:
      // in one go, a cold build of 10 000 pages read them all (a second, from a cold disk) before
      // the first compile was posted, its workers idle. In slices, the compiles of the pages looked
      // up are posted meanwhile; once a page failed (the build with it), the rest are not started.
      const turns = new EventLoopTurns();
      let failed = false;
      settled.catch(() => (failed = true));
      for (const lookUp of others) void turns.run(() => (failed ? undefined : lookUp.start()));
      const pages = (await settled).filter((p): p is ContentPage => p !== undefined);
      diagnostics.push(...compileDiagnostics.flat());
      if (diagnostics.length) throw new DiagnosticError(diagnostics);
      await sources?.save();
      return pages;
    },
    // Every page's Markdown and the llms.txt index, once routes and navigation are final: from
    // the site and the sources, so while the pages render.
    postBuild: (args) => writeLlmsOutput({ ...args, bodies, cleanMarkdown, remembered }),
    postBuildReads: 'site',
    async contentLoaded({ content, actions }) {
      for (const file of leftOutLinks) {
        actions.report({
          severity: 'warning',
          code: 'symlink-content',
          message: `${file} is a symbolic link: pages are read from regular files only, so it is not built`,
          file,
          hint: "copy it into the content folder; or, for one file, import it from an .mdx page: import Readme from '../README.md', then <Readme />",
        });
      }
      // dev's stubs from its outline cache carry no body: such a page has no Markdown until it is compiled.
      const bodyReaderOf = (page: ContentPage) => {
        const { body } = page as ContentPage & Partial<Pick<CompileOutput, 'body'>>;
        let reader = body === undefined ? bodyReaders.get(page.sourcePath) : bodyReaderOfPage.get(page);
        if (body !== undefined && !reader) bodyReaderOfPage.set(page, (reader = readerOf(body)));
        return reader;
      };
      // Updated in place rather than made anew: 10 000 entries added to an empty map were rehashed
      // as it grew, on every dev save. A page gone since the last run leaves an entry: then anew.
      let withBody = 0;
      for (const page of content) {
        const reader = bodyReaderOf(page);
        if (!reader) bodies.delete(page.sourcePath);
        else {
          bodies.set(page.sourcePath, reader);
          withBody++;
        }
      }
      if (bodies.size !== withBody) {
        bodies.clear();
        for (const page of content) {
          const reader = bodyReaderOf(page);
          if (reader) bodies.set(page.sourcePath, reader);
        }
      }
      bodyReaders.clear();
      // KaTeX's stylesheet and fonts, only when some page has math (pages link it themselves).
      if (content.some((page) => (page as Partial<CompileOutput>).usesMath)) {
        const katex = katexAssets();
        actions.emitFile(`${katex.dir}/katex.min.css`, katex.css);
        const fonts = await Promise.all(katex.fonts.map((font) => readFile(join(katex.fontDir, font))));
        katex.fonts.forEach((font, i) => actions.emitFile(`${katex.dir}/fonts/${font}`, fonts[i]!));
      }
      // mermaid's module, only when some page has a diagram (the client imports it on those pages alone).
      if (content.some((page) => (page as Partial<CompileOutput>).usesMermaid)) {
        const mermaid = mermaidAssets();
        const files = await Promise.all(mermaid.files.map((file) => readFile(file.source)));
        mermaid.files.forEach((file, i) => actions.emitFile(`${mermaid.dir}/${file.path}`, files[i]!));
      }
      cleanMarkdown.clear();
      for (const page of content) {
        const { cleanMarkdown: markdown } = page as Partial<CompileOutput>;
        if (markdown !== undefined) cleanMarkdown.set(page.sourcePath, markdown);
        let route = routeOfPage.get(page);
        if (!route) {
          route = {
            route: page.route,
            locale: page.locale,
            title: page.title,
            frontMatter: page.frontMatter,
            headings: page.headings,
            content: { type: 'mdx', compiled: page.compiled },
            sourcePath: page.sourcePath,
            references: page.references,
          };
          carrySections(page, route);
          routeOfPage.set(page, route);
        }
        actions.addRoute(route);
      }
    },
  };
}
