import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.ts';
import { formatDiagnostic } from '../../../src/diagnostics/format.ts';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.ts';
import { rejectionDiagnostics, tempSitesEachTest } from '../../helpers.ts';

const site = tempSitesEachTest();

/** The diagnostics `loadConfig` rejects with (fails the test when it resolves). */
const loadFailure = (root: string): Promise<Diagnostic[]> => rejectionDiagnostics(loadConfig(root), 'loadConfig');

describe('loadConfig', () => {
  test('a site without a config file gets every default', async () => {
    const { config, file, dependencies } = await loadConfig(site({ 'content/index.mdx': '# Home\n' }));
    expect(file).toBeUndefined();
    expect(dependencies).toEqual([]);
    expect(config.title).toBe('Documentation');
    expect(config.titleTemplate).toBe('%s - documentation');
    expect(config.sidebar.defaultMenuCollapseLevel).toBe(2);
    // Unset: each locale's dictionary gives it ('On This Page' in English).
    expect(config.toc.title).toBeUndefined();
  });

  test('a config importing defineConfig from docs-gen is loaded with defaults filled in', async () => {
    const root = site({
      'docs-gen.config.ts': [
        "import { defineConfig } from 'docs-gen';",
        "export default defineConfig({ title: 'Rel Docs', banner: { content: 'Hi' }, sidebar: { defaultMenuCollapseLevel: 3 } });",
        '',
      ].join('\n'),
    });
    const { config, file } = await loadConfig(root);
    expect(file).toBe(`${root}/docs-gen.config.ts`);
    expect(config.title).toBe('Rel Docs');
    expect(config.banner).toEqual({ key: 'nextra-banner', content: 'Hi', dismissible: true });
    expect(config.sidebar).toEqual({ defaultMenuCollapseLevel: 3, toggleButton: true });
    expect(config.defaultTheme).toBe('system');
  });

  test('a config that imports a local module lists it as a dependency', async () => {
    const root = site({
      'site-title.ts': "export const title = 'From a module';\n",
      'docs-gen.config.ts': "import { title } from './site-title.ts';\nexport default { title };\n",
    });
    const { config, dependencies } = await loadConfig(root);
    expect(config.title).toBe('From a module');
    expect(dependencies).toContain(`${root}/site-title.ts`);
  });

  test('a syntax error in the config is reported with file, line and column', async () => {
    const root = site({
      'docs-gen.config.ts': ["import { defineConfig } from 'docs-gen';", '', 'export default defineConfig({', "  title: 'Docs'", "  description: 'x',", '});', ''].join('\n'),
    });
    const [d, ...rest] = await loadFailure(root);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'error', code: 'config-syntax', file: 'docs-gen.config.ts', line: 5, column: 3 });
    expect(formatDiagnostic(d!)).toMatchInlineSnapshot(`"docs-gen.config.ts:5:3 error Expected "}" but found "description" [config-syntax]"`);
  });

  test('a config without a default export is reported at its first line', async () => {
    const [d] = await loadFailure(site({ 'docs-gen.config.ts': "export const config = { title: 'x' };\n" }));
    expect(d).toMatchObject({ code: 'config-load', file: 'docs-gen.config.ts', line: 1, column: 1 });
    expect(formatDiagnostic(d!)).toMatchInlineSnapshot(`"docs-gen.config.ts:1:1 error The config has no default export (use \`export default defineConfig({...})\`) [config-load]"`);
  });

  test('a config that throws while loading is reported with the thrown message', async () => {
    const [d] = await loadFailure(site({ 'docs-gen.config.ts': "throw new Error('no network');\nexport default {};\n" }));
    expect(d).toMatchObject({ code: 'config-syntax', file: 'docs-gen.config.ts' });
    expect(d!.message).toContain('no network');
  });

  test('an unknown key is found in the config source with a did-you-mean hint', async () => {
    const source = ["import { defineConfig } from 'docs-gen';", '', 'export default defineConfig({', "  titel: 'Docs',", '});', ''].join('\n');
    const [d, ...rest] = await loadFailure(site({ 'docs-gen.config.ts': source }));
    expect(rest).toEqual([]);
    expect(d).toEqual({
      severity: 'error',
      code: 'config-unknown-key',
      message: 'Unknown config key `titel`',
      file: 'docs-gen.config.ts',
      keyPath: 'titel',
      line: 4,
      column: 3,
      hint: 'did you mean `title`?',
    });
    expect(formatDiagnostic(d!, { source })).toMatchInlineSnapshot(`
      "docs-gen.config.ts:4:3 error Unknown config key \`titel\` [config-unknown-key]
        3 | export default defineConfig({
        4 |   titel: 'Docs',
          |   ^
        hint: did you mean \`title\`?"
    `);
  });

  test('an invalid docsRepositoryBase stops loading with the seed message at its line', async () => {
    const source = "export default {\n  title: 'Docs',\n  docsRepositoryBase: 'http://x',\n};\n";
    const [d] = await loadFailure(site({ 'docs-gen.config.ts': source }));
    expect(d).toMatchObject({ code: 'config-invalid', message: 'Invalid `docsRepositoryBase` URL!', file: 'docs-gen.config.ts', line: 3, column: 3 });
    expect(formatDiagnostic(d!, { source })).toMatchInlineSnapshot(`
      "docs-gen.config.ts:3:3 error Invalid \`docsRepositoryBase\` URL! [config-invalid]
        2 |   title: 'Docs',
        3 |   docsRepositoryBase: 'http://x',
          |   ^"
    `);
  });

  test('a nested unknown key names the full key path at its line', async () => {
    const source = "export default {\n  sidebar: {\n    toggle: false,\n  },\n};\n";
    const [d] = await loadFailure(site({ 'docs-gen.config.ts': source }));
    expect(d).toMatchObject({ code: 'config-unknown-key', keyPath: 'sidebar.toggle', line: 3, column: 5 });
    expect(formatDiagnostic(d!, { source })).toMatchInlineSnapshot(`
      "docs-gen.config.ts:3:5 error Unknown config key \`sidebar.toggle\` [config-unknown-key]
        2 |   sidebar: {
        3 |     toggle: false,
          |     ^
        hint: known keys here: defaultMenuCollapseLevel, toggleButton"
    `);
  });

  test('a .mjs config is found when there is no .ts one', async () => {
    const { config, file } = await loadConfig(site({ 'docs-gen.config.mjs': "export default { title: 'From mjs' };\n" }));
    expect(file).toMatch(/docs-gen\.config\.mjs$/);
    expect(config.title).toBe('From mjs');
  });
});
