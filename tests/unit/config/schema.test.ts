import { describe, expect, test } from 'vitest';
import { configSchema, type UserConfig } from '../../../src/config/schema.ts';
import { COPYRIGHT_YEAR } from '../../../src/config/config-constants.ts';
import { configIssuesToDiagnostics } from '../../../src/config/config-errors.ts';
import { formatDiagnostic } from '../../../src/diagnostics/format.ts';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.ts';

/** Validates `value` as a config and returns its diagnostics (none when it is valid). */
function diagnose(value: unknown, source?: string): Diagnostic[] {
  const parsed = configSchema.safeParse(value);
  if (parsed.success) return [];
  return configIssuesToDiagnostics(configSchema, parsed.error.issues, 'docs-gen.config.ts', source);
}

describe('config defaults', () => {
  const config = configSchema.parse({});

  test.each([
    ['titleTemplate', config.titleTemplate, '%s - documentation'],
    ['defaultLocale', config.defaultLocale, 'en-US'],
    ['defaultTheme', config.defaultTheme, 'system'],
    ['primaryHue', config.primaryHue, { dark: 204, light: 212 }],
    ['sidebar.defaultMenuCollapseLevel', config.sidebar.defaultMenuCollapseLevel, 2],
    // Unset: each locale's dictionary gives it ('On This Page', 'Sur cette page'…).
    ['toc.title', config.toc.title, undefined],
    ['locales', config.locales, [{ locale: 'en-US', text: 'English', direction: 'ltr' }]],
    ['basePath', config.basePath, ''],
    ['plugins', config.plugins, []],
  ])('defaults %s', (_key, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  test('an empty config names no hosted search, so the search modal uses the local index', () => {
    expect(config.search.hosted).toBeUndefined();
    expect(config.search.missingResultsUrl).toBeUndefined();
  });

  test('hosted search takes an app id, a search-only key, an index and optional hosts; anything else is an error', () => {
    const hosted = { appId: 'APP', apiKey: 'key', indexName: 'docs', hosts: ['https://search.example.com'] };
    expect(configSchema.parse({ search: { hosted } } satisfies UserConfig).search.hosted).toEqual(hosted);
    expect(diagnose({ search: { hosted: { appId: 'APP', apiKey: 'key' } } }).map((d) => d.keyPath)).toEqual(['search.hosted.indexName']);
    expect(diagnose({ search: { hosted: { ...hosted, hosts: ['search.example.com/path'] } } }).map((d) => d.message)).toEqual([expect.stringContaining('must be an origin such as https://example.com')]);
  });

  test('an empty config has no banner', () => {
    expect(config.banner).toBeUndefined();
  });

  test('a banner without a key uses the key nextra-banner and is dismissible', () => {
    const withBanner = configSchema.parse({ banner: { content: 'New!' } } satisfies UserConfig);
    expect(withBanner.banner).toEqual({ key: 'nextra-banner', content: 'New!', dismissible: true });
  });

  test('a partial primaryHue keeps the default of the other hue', () => {
    expect(configSchema.parse({ primaryHue: { dark: 100 } }).primaryHue).toEqual({ dark: 100, light: 212 });
  });
});

describe('config validation', () => {
  test('accepts https URLs for docsRepositoryBase, project.link and chat.link', () => {
    expect(
      diagnose({ docsRepositoryBase: 'https://github.com/a/b', project: { link: 'https://github.com/a' }, chat: { link: 'https://discord.gg/x' } }),
    ).toEqual([]);
  });

  test('an http docsRepositoryBase is reported with exactly the seed message', () => {
    const [d, ...rest] = diagnose({ docsRepositoryBase: 'http://x' });
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'error', code: 'config-invalid', keyPath: 'docsRepositoryBase', file: 'docs-gen.config.ts' });
    expect(d!.message).toBe('Invalid `docsRepositoryBase` URL!');
  });

  test.each([
    ['project.link', { project: { link: 'http://github.com/a' } }, 'Invalid `project.link` URL!'],
    ['chat.link', { chat: { link: 'discord.gg/x' } }, 'Invalid `chat.link` URL!'],
  ])('a %s that is not https is an error', (keyPath, value, message) => {
    expect(diagnose(value)).toEqual([expect.objectContaining({ code: 'config-invalid', keyPath, message })]);
  });

  test.each([0, 1.5, -1])('sidebar.defaultMenuCollapseLevel %s is an error naming the key path', (level) => {
    const diagnostics = diagnose({ sidebar: { defaultMenuCollapseLevel: level } });
    expect(diagnostics.length).toBeGreaterThan(0);
    for (const d of diagnostics) {
      expect(d.code).toBe('config-invalid');
      expect(d.keyPath).toBe('sidebar.defaultMenuCollapseLevel');
      expect(d.message).toContain('`sidebar.defaultMenuCollapseLevel`');
      expect(d.message).toContain('must be an integer of at least 1');
    }
  });

  test('a titleTemplate without %s is an error', () => {
    expect(diagnose({ titleTemplate: 'Docs' })).toEqual([
      expect.objectContaining({ code: 'config-invalid', keyPath: 'titleTemplate', message: expect.stringContaining('must contain %s') }),
    ]);
  });

  test('a redirect whose source has an empty, "." or ".." segment, or a backslash, is an error: its page would be written outside the output folder, or at a second spelling of a path', () => {
    for (const source of ['/a/../../escape', '/old//page', '/./x', '/a/..', '/a\\..\\..\\x']) {
      expect(diagnose({ redirects: [{ source, destination: '/' }] }).map((d) => d.message), source).toEqual(['Invalid config value at `redirects[0].source`: must not have an empty, "." or ".." segment, or a backslash']);
    }
    expect(diagnose({ redirects: [{ source: '/old/page/', destination: '/' }, { source: '/v1.2/notes', destination: '/' }] })).toEqual([]);
  });

  test('a basePath ending with a slash is an error', () => {
    expect(diagnose({ basePath: '/docs/' })).toEqual([expect.objectContaining({ code: 'config-invalid', keyPath: 'basePath' })]);
  });

  test('an unknown top-level key is reported with a did-you-mean hint and its place in the source', () => {
    const source = ["import { defineConfig } from 'docs-gen';", '', 'export default defineConfig({', "  titel: 'Docs',", '});', ''].join('\n');
    const diagnostics = diagnose({ titel: 'Docs' }, source);
    expect(diagnostics).toEqual([
      {
        severity: 'error',
        code: 'config-unknown-key',
        message: 'Unknown config key `titel`',
        file: 'docs-gen.config.ts',
        keyPath: 'titel',
        line: 4,
        column: 3,
        hint: 'did you mean `title`?',
      },
    ]);
  });

  test('a nested unknown key names its full path and its place in the source', () => {
    const source = ['export default {', '  sidebar: {', '    toggle: false,', '  },', '};', ''].join('\n');
    const [d, ...rest] = diagnose({ sidebar: { toggle: false } }, source);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ code: 'config-unknown-key', keyPath: 'sidebar.toggle', message: 'Unknown config key `sidebar.toggle`', line: 3, column: 5 });
    expect(d!.hint).toBe('known keys here: defaultMenuCollapseLevel, toggleButton');
  });

  test('a misspelt nested key suggests the full path of the key it resembles', () => {
    const [d] = diagnose({ sidebar: { toggelButton: false } });
    expect(d).toMatchObject({ code: 'config-unknown-key', keyPath: 'sidebar.toggelButton', hint: 'did you mean `sidebar.toggleButton`?' });
  });

  test('an unknown key with nothing close lists the known keys instead', () => {
    const [d] = diagnose({ toc: { zzzzzzzz: 1 } });
    expect(d).toMatchObject({ code: 'config-unknown-key', keyPath: 'toc.zzzzzzzz' });
    expect(d!.hint).toBe('known keys here: title, float');
  });

  test('an unknown key without source text has no line or column', () => {
    const [d] = diagnose({ titel: 'Docs' });
    expect(d!.line).toBeUndefined();
    expect(d!.column).toBeUndefined();
  });

  test('a plugin that is not a plugin object is an error at its index', () => {
    expect(diagnose({ plugins: [() => ({ name: 'x' })] })).toEqual([
      expect.objectContaining({ code: 'config-invalid', keyPath: 'plugins[0]', message: expect.stringContaining('call the plugin factory') }),
    ]);
  });
});

describe('formatted config diagnostics', () => {
  const source = [
    "import { defineConfig } from 'docs-gen';",
    '',
    'export default defineConfig({',
    "  titel: 'Docs',",
    "  docsRepositoryBase: 'http://x',",
    "  project: { link: 'http://github.com/a' },",
    "  chat: { link: 'http://chat' },",
    '  sidebar: { defaultMenuCollapseLevel: 0, toggle: true },',
    '});',
    '',
  ].join('\n');
  const diagnostics = diagnose(
    { titel: 'Docs', docsRepositoryBase: 'http://x', project: { link: 'http://github.com/a' }, chat: { link: 'http://chat' }, sidebar: { defaultMenuCollapseLevel: 0, toggle: true } },
    source,
  );
  const byKey = (keyPath: string) => {
    const d = diagnostics.find((x) => x.keyPath === keyPath);
    if (!d) throw new Error(`no diagnostic for ${keyPath}`);
    return formatDiagnostic(d, { source });
  };

  test('reports every problem of the config at once', () => {
    expect(diagnostics.map((d) => d.keyPath).sort()).toEqual(
      ['chat.link', 'docsRepositoryBase', 'project.link', 'sidebar.defaultMenuCollapseLevel', 'sidebar.toggle', 'titel'].sort(),
    );
  });

  test('an unknown key formats with place, code frame and hint', () => {
    expect(byKey('titel')).toMatchInlineSnapshot(`
      "docs-gen.config.ts:4:3 error Unknown config key \`titel\` [config-unknown-key]
        3 | export default defineConfig({
        4 |   titel: 'Docs',
          |   ^
        hint: did you mean \`title\`?"
    `);
  });

  test('a nested unknown key formats with its full path', () => {
    expect(byKey('sidebar.toggle')).toMatchInlineSnapshot(`
      "docs-gen.config.ts:8:43 error Unknown config key \`sidebar.toggle\` [config-unknown-key]
        7 |   chat: { link: 'http://chat' },
        8 |   sidebar: { defaultMenuCollapseLevel: 0, toggle: true },
          |                                           ^
        hint: known keys here: defaultMenuCollapseLevel, toggleButton"
    `);
  });

  test('an invalid docsRepositoryBase formats with the seed message', () => {
    expect(byKey('docsRepositoryBase')).toMatchInlineSnapshot(`
      "docs-gen.config.ts:5:3 error Invalid \`docsRepositoryBase\` URL! [config-invalid]
        4 |   titel: 'Docs',
        5 |   docsRepositoryBase: 'http://x',
          |   ^"
    `);
  });

  test('an invalid project.link formats with the seed message', () => {
    expect(byKey('project.link')).toMatchInlineSnapshot(`
      "docs-gen.config.ts:6:14 error Invalid \`project.link\` URL! [config-invalid]
        5 |   docsRepositoryBase: 'http://x',
        6 |   project: { link: 'http://github.com/a' },
          |              ^"
    `);
  });

  test('an invalid chat.link formats with the seed message', () => {
    expect(byKey('chat.link')).toMatchInlineSnapshot(`
      "docs-gen.config.ts:7:11 error Invalid \`chat.link\` URL! [config-invalid]
        6 |   project: { link: 'http://github.com/a' },
        7 |   chat: { link: 'http://chat' },
          |           ^"
    `);
  });

  test('an invalid collapse level formats with the key path and the rule', () => {
    expect(byKey('sidebar.defaultMenuCollapseLevel')).toMatchInlineSnapshot(`
      "docs-gen.config.ts:8:14 error Invalid config value at \`sidebar.defaultMenuCollapseLevel\`: must be an integer of at least 1 [config-invalid]
        7 |   chat: { link: 'http://chat' },
        8 |   sidebar: { defaultMenuCollapseLevel: 0, toggle: true },
          |              ^"
    `);
  });

  test('a diagnostic without a file is placed by its key path', () => {
    expect(formatDiagnostic({ severity: 'error', code: 'content-missing', message: 'No content folder', keyPath: 'contentDir' })).toBe(
      'config contentDir error No content folder [content-missing]',
    );
  });
});

describe("the schema's verdicts", () => {
  // Pinned when the schema moved from zod's classic API to zod/mini (the same verdict on each, and
  // on the _meta schema's cases in read-meta.test.ts): what a config gets, valid or not, is the
  // schema's contract, whichever API spells it.
  const plugin = { name: 'a-plugin' };
  const configs: [string, unknown][] = [
    ['nothing set', {}],
    ['a title', { title: 'One' }],
    ['a title not a string', { title: 5 }],
    ['a title template without %s', { titleTemplate: 'x' }],
    ['an http site URL', { siteUrl: 'http://a' }],
    ['a base path ending with /', { basePath: '/docs/' }],
    ['a base path without /', { basePath: 'docs' }],
    ['an unknown logo key', { logo: { bogus: 1 } }],
    ['a menu entry with a newWindow not a boolean', { navbar: { items: [{ title: 'A', href: '/a', items: [{ title: 'b', href: '/b', newWindow: 1 }] }] } }],
    ['a banner without content', { banner: {} }],
    ['a footer link without href', { footer: { privacyPolicy: { text: 'a' } } }],
    ['no locales', { locales: [] }],
    ['a locale tag in capitals', { locales: [{ locale: 'EN', text: 'x' }] }],
    ['two locales, a banner true', { locales: [{ locale: 'en-US', text: 'E', banner: false, toc: { title: 't' } }, { locale: 'fr', text: 'F', direction: 'rtl', banner: true }] }],
    ['an unknown theme', { defaultTheme: 'blue' }],
    ['hues out of range', { primaryHue: { light: -1, dark: 400 } }],
    ['a collapse level of 0', { sidebar: { defaultMenuCollapseLevel: 0 } }],
    ['a collapse level of 1.5', { sidebar: { defaultMenuCollapseLevel: 1.5 } }],
    ['an empty hosted search id', { search: { hosted: { appId: '', apiKey: 'k', indexName: 'i' } } }],
    ['no hosted search hosts', { search: { hosted: { appId: 'a', apiKey: 'k', indexName: 'i', hosts: [] } } }],
    ['a hosted search host not http', { search: { hosted: { appId: 'a', apiKey: 'k', indexName: 'i', hosts: ['https://x.y', 'ftp://z'] } } }],
    ['a sample rate over 100', { monitoring: { sampleRate: 101 } }],
    ['a chat link not a URL', { chat: { link: 'nope' } }],
    ['an island in lower case', { islands: { lower: 'x' } }],
    ['a component name with a dot first', { components: { 'a.b': 'x' } }],
    ['a timeout of 0 and of 1.5', [{ evaluationTimeoutMs: 0 }, { evaluationTimeoutMs: 1.5 }]],
    ['a redirect from a relative path', { redirects: [{ source: 'x', destination: '/y' }] }],
    ['a redirect from a path with ..', { redirects: [{ source: '/a/../b', destination: '/y' }] }],
    ['a redirect with a catch-all before the end', { redirects: [{ source: '/a/:x*/b', destination: '/y' }] }],
    ['a plugin, and an object that is not one', [{ plugins: [plugin] }, { plugins: [{}] }]],
    ['unknown keys', { unknownKey: 1, titel: 'x' }],
    ['not an object', 'x'],
    ['a section null', { sidebar: null }],
  ];

  test.each(configs)('%s', (_label, value) => {
    const verdict = (config: unknown) => {
      const parsed = configSchema.safeParse(config);
      const result = parsed.success ? { data: parsed.data } : { issues: parsed.error.issues.map(({ code, path, message }) => ({ code, path, message })) };
      // The footer's default names the year the build runs in.
      return JSON.parse(JSON.stringify(result).replaceAll(`© ${COPYRIGHT_YEAR} `, '© {year} ')) as unknown;
    };
    expect(Array.isArray(value) ? value.map(verdict) : verdict(value)).toMatchSnapshot();
  });
});
