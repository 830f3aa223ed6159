import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { build } from '../../src/build/build.ts';
import { buildFailure, fileMade, pageThatFails, tempSitesEachTest, tmp } from '../helpers.ts';

const site = tempSitesEachTest();

/**
 * A plugin whose `postBuild` reads only the site (`postBuildReads: 'site'`) starts as the pages
 * begin to render. Its hook and a page's render meet through a file: the page's code (in a
 * worker) waits for the file the hook makes, so the page can only finish if the hook began
 * before it did. Nothing here is bounded by a clock: were the hook started after the pages, the
 * page would wait until the render's own time limit failed the build.
 */
describe('a postBuild hook that reads only the site', () => {
  test('begins while the pages render, and its files are in the output', async () => {
    const signals = tmp();
    const began = join(signals, 'hook-began');
    const root = site({
      'content/index.md': '# Home\n\nA page.\n',
      'content/waits.mdx': `import { existsSync } from 'node:fs'

# Waits

{(() => { while (!existsSync(${JSON.stringify(began)})) {} return 'The hook began before this page was done.' })()}
`,
      'docs-gen.config.ts': `import { writeFileSync } from 'node:fs';
export default {
  title: 'Early',
  plugins: [{
    name: 'site-reader',
    postBuildReads: 'site',
    async postBuild({ site, output }) {
      writeFileSync(${JSON.stringify(began)}, '');
      await output.write('routes.txt', site.routes.map((r) => r.route).sort().join('\\n'));
    },
  }],
};
`,
    });
    const result = await build({ root });
    expect(readFileSync(join(result.outDir, 'waits', 'index.html'), 'utf8')).toContain('The hook began before this page was done.');
    expect(readFileSync(join(result.outDir, 'routes.txt'), 'utf8').split('\n')).toEqual(expect.arrayContaining(['/', '/waits']));
    expect(result.timings.stages.find((s) => s.stage === 'postBuild hooks')!.detail).toBe('3 of them began with the pages');
  });

  test('writes over a file a plugin emitted at its path, as when every hook ran after the site files', async () => {
    // The built-in llms.txt writer begins with the pages, before the emitted files are written
    // (site files): its own file must still come last.
    const root = site({
      'content/index.md': '# Home\n\nA page.\n',
      'content/guide.md': '# Guide\n\nMore.\n',
      'docs-gen.config.ts': `export default {
  title: 'Emitted',
  plugins: [{ name: 'emitter', contentLoaded({ actions }) { actions.emitFile('llms.txt', 'an llms.txt of the plugin'); } }],
};
`,
    });
    const result = await build({ root });
    const llms = readFileSync(join(result.outDir, 'llms.txt'), 'utf8');
    expect(llms).not.toBe('an llms.txt of the plugin');
    expect(llms).toContain('/guide.md');
  });

  test('still running when a page fails, is waited for before the staging folder goes', async () => {
    const signals = tmp();
    const failing = join(signals, 'page-failing');
    const ended = join(signals, 'hook-ended');
    const root = site({
      'content/index.md': '# Home\n\nA page.\n',
      'content/throws.mdx': pageThatFails(failing),
      // The hook goes on after the page failed, and then writes into the staging folder (and
      // would make it again, were it removed already): a build that did not wait for it left a
      // staging folder behind.
      'docs-gen.config.ts': `import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const turn = () => new Promise((done) => setTimeout(done, 5));
export default {
  title: 'Early',
  plugins: [{
    name: 'slow-site-reader',
    postBuildReads: 'site',
    async postBuild({ outDir }) {
      while (!existsSync(${JSON.stringify(failing)})) await turn();
      for (let i = 0; i < 10; i++) await turn();
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'late.txt'), 'late');
      writeFileSync(${JSON.stringify(ended)}, '');
    },
  }],
};
`,
    });
    const before = readdirSync(root).sort();
    const diagnostics = await buildFailure({ root });
    expect(diagnostics.map((d) => [d.code, d.file])).toEqual([['render-failed', 'content/throws.mdx']]);
    expect(existsSync(failing)).toBe(true);
    // Ended before the build did, when the build waits for it; else this waits for its end.
    await fileMade(ended);
    // The cache folder is the build's own; nothing else is left beside the site's files.
    expect(readdirSync(root).filter((name) => name !== '.docs-gen-cache').sort()).toEqual(before);
  });
});
