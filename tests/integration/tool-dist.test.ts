import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../helpers.ts';

// What `npm run build:tool` leaves in dist/ is what every run of the CLI loads, in every thread.
describe('the modules of dist/', () => {
  const modules = ['src/cli.js', 'src/build/build.js', 'src/pipeline/worker-entry.js', 'plugins/content-loader/compile-page.js'].map((path) => join(repoRoot, 'dist', path));

  test('carry no inline source map (it made each three to four times its size, read and scanned at every start)', () => {
    for (const module of modules) expect(readFileSync(module, 'utf8')).not.toContain('sourceMappingURL=data:');
  });

  test('name their source map, beside them, for --enable-source-maps', () => {
    for (const module of modules) {
      expect(readFileSync(module, 'utf8').trimEnd().endsWith(`//# sourceMappingURL=${module.split('/').pop()}.map`)).toBe(true);
      expect(existsSync(`${module}.map`)).toBe(true);
    }
  });
});

describe("dist/'s vendored packages", () => {
  const distFiles = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
      .map((entry) => join(entry.parentPath, entry.name));

  test('zod, ws, commander, markdown-it and hast-util-to-html are imported from one bundled file each (95, 42, 16, 53 and 40 modules to load otherwise), never by name', () => {
    const files = distFiles(join(repoRoot, 'dist')).filter((file) => !file.includes(`${join('dist', 'vendor')}`));
    const byName = files.filter((file) => /(?:from|import)\s*\(?\s*["'](?:zod|ws|commander|markdown-it|hast-util-to-html)["']/.test(readFileSync(file, 'utf8')));
    expect(byName).toEqual([]);
    expect(readFileSync(join(repoRoot, 'dist', 'src', 'config', 'schema.js'), 'utf8')).toContain('from "../../vendor/zod.js"');
    expect(readFileSync(join(repoRoot, 'dist', 'src', 'dev', 'dev-server.js'), 'utf8')).toContain('from "../../vendor/ws.js"');
  });

  test('export what the tool uses of them', async () => {
    const zod = (await import(pathToFileURL(join(repoRoot, 'dist', 'vendor', 'zod.js')).href)) as typeof import('zod');
    expect(zod.z.object({ title: zod.z.string() }).safeParse({ title: 1 }).success).toBe(false);
    const ws = (await import(pathToFileURL(join(repoRoot, 'dist', 'vendor', 'ws.js')).href)) as typeof import('ws');
    expect(typeof ws.WebSocketServer).toBe('function');
    const commander = (await import(pathToFileURL(join(repoRoot, 'dist', 'vendor', 'commander.js')).href)) as typeof import('commander');
    expect(new commander.Command().name('x').name()).toBe('x');
    const markdownIt = (await import(pathToFileURL(join(repoRoot, 'dist', 'vendor', 'markdown-it.js')).href)) as typeof import('markdown-it');
    expect(new markdownIt.default().render('# Title')).toBe('<h1>Title</h1>\n');
    const hastUtilToHtml = (await import(pathToFileURL(join(repoRoot, 'dist', 'vendor', 'hast-util-to-html.js')).href)) as typeof import('hast-util-to-html');
    expect(hastUtilToHtml.toHtml({ type: 'element', tagName: 'span', properties: { className: ['tk-keyword'] }, children: [{ type: 'text', value: 'def' }] })).toBe('<span class="tk-keyword">def</span>');
  });
});
