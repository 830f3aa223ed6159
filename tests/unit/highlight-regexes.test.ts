import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as shiki from 'shiki';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { TOKENIZE } from '../../plugins/content-loader/highlight.ts';
import { grammarPatterns, REGEX_TABLE_LANGUAGES, regexTableFiles, serializeRegex, tableRegexConstructor } from '../../plugins/content-loader/highlight-regexes.ts';
import { repoRoot, tmp } from '../helpers.ts';

// shiki's patterns of the common languages are converted to JavaScript RegExps by `npm run
// build:tool`, not by every worker: the tables must give exactly the RegExps the engine makes.
const tableDir = join(repoRoot, 'dist', 'plugins', 'content-loader', 'highlight-regexes');
const tableOf = (language: string) => JSON.parse(readFileSync(join(tableDir, `${language}.json`), 'utf8')) as { versions: string; patterns: Record<string, [string, string, object?]> };
const relGrammar = () => ({ ...(JSON.parse(readFileSync(join(repoRoot, 'theme', 'highlight', 'rel.tmLanguage.json'), 'utf8')) as shiki.LanguageRegistration), name: 'rel' });

const SAMPLES: Record<string, string> = {
  rel: 'def output(x, y) = edge(x, y) and not exists(z: path(y, z))\n// a comment\ndef name = "Rel" ^ "\\n"',
  python: 'import os\n\n@decorator\ndef f(x: int = 1) -> str:\n    """Doc."""\n    return f"{x!r} {os.sep}" if x else r"\\d+"\n',
  json: '{"a": [1, 2.5e3, true, null], "b": {"c": "d\\u0041"}}',
  bash: 'for f in $(ls); do echo "$f" | grep -v x > /dev/null; done\ncat <<EOF\nhi $HOME\nEOF\n',
  typescript: 'export async function f<T>(x: T): Promise<T> {\n  const a = `t${x}`;\n  return /re/g.test(a) ? x : x;\n}\nclass A extends B { #p = 1; }\n',
};

async function highlighterWith(regexConstructor?: (pattern: string) => RegExp) {
  return shiki.createHighlighter({
    themes: [shiki.createCssVariablesTheme({ name: 'v', variablePrefix: '--code-' })],
    langs: [relGrammar(), 'python', 'json', 'bash', 'typescript'],
    engine: shiki.createJavaScriptRegexEngine({ forgiving: true, ...(regexConstructor ? { regexConstructor } : {}) }),
  });
}

describe('the converted pattern tables', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  test('exist for every listed language', () => {
    expect(regexTableFiles(tableDir).sort()).toEqual(REGEX_TABLE_LANGUAGES.map((language) => `${language}.json`).sort());
  });

  test("Julia's table highlights as converting every pattern does, the languages it embeds too", async () => {
    const tables = tableRegexConstructor(shiki, tableDir);
    tables.load('julia');
    const highlighter = (regexConstructor?: (pattern: string) => RegExp) =>
      shiki.createHighlighter({
        themes: [shiki.createCssVariablesTheme({ name: 'v', variablePrefix: '--code-' })],
        langs: ['julia'],
        engine: shiki.createJavaScriptRegexEngine({ forgiving: true, ...(regexConstructor ? { regexConstructor } : {}) }),
      });
    const [withTable, without] = await Promise.all([highlighter((pattern) => tables.construct(pattern)), highlighter()]);
    const code = ['function f(x::Int)', '    r = r"^a+\\d$"i', '    py"""', '    import os', '    """', '    @show x .+ 1  # a comment', 'end', ''].join('\n');
    expect(withTable.codeToHtml(code, { lang: 'julia', theme: 'v', ...TOKENIZE })).toBe(without.codeToHtml(code, { lang: 'julia', theme: 'v', ...TOKENIZE }));
    expect(tables.revived()).toBeGreaterThan(20);
  });

  test("hold Julia's own grammar's patterns, not those of the languages it embeds", async () => {
    const julia = (await shiki.bundledLanguages.julia()).default.find((grammar) => grammar.name === 'julia')!;
    const cpp = (await shiki.bundledLanguages.julia()).default.find((grammar) => grammar.name === 'cpp')!;
    const patterns = Object.keys(tableOf('julia').patterns);
    expect(patterns.length).toBeGreaterThan(50);
    expect(patterns).toEqual(expect.arrayContaining([...grammarPatterns(julia)].filter((pattern) => pattern !== '\uFFFF').slice(0, 20)));
    expect(patterns.filter((pattern) => grammarPatterns(cpp).has(pattern) && !grammarPatterns(julia).has(pattern))).toEqual([]);
  });

  test.each(['rel', 'python', 'json', 'bash', 'julia'])('%s: every entry is what the engine converts the pattern to now', (language) => {
    const { patterns } = tableOf(language);
    expect(Object.keys(patterns).length).toBeGreaterThan(10);
    for (const [pattern, kept] of Object.entries(patterns)) {
      expect([pattern, kept]).toEqual([pattern, serializeRegex(shiki.defaultJavaScriptRegexConstructor(pattern, { target: 'auto' }))]);
    }
  });

  test('highlight code exactly as converting every pattern does, converting almost none', async () => {
    const tables = tableRegexConstructor(shiki, tableDir);
    for (const language of Object.keys(SAMPLES)) tables.load(language);
    const converted: string[] = [];
    const withTables = await highlighterWith((pattern) => {
      const before = tables.revived();
      const regex = tables.construct(pattern);
      if (tables.revived() === before) converted.push(pattern);
      return regex;
    });
    const without = await highlighterWith();
    // Highlighted as the build does (TOKENIZE: no time limit per line), under a clock that jumps a
    // second at every read: converting a pattern at first use made the second highlighter slow
    // enough, on a loaded machine, to hit shiki's default limit and leave lines unhighlighted.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 1000));
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    for (const [lang, code] of Object.entries(SAMPLES)) {
      expect(withTables.codeToHtml(code, { lang, theme: 'v', ...TOKENIZE })).toBe(without.codeToHtml(code, { lang, theme: 'v', ...TOKENIZE }));
    }
    expect(without.codeToHtml(SAMPLES.typescript!, { lang: 'typescript', theme: 'v', ...TOKENIZE })).toContain('<span style="color:var(--code-token-keyword)">  return</span>');
    expect(tables.revived()).toBeGreaterThan(100);
    // Only end patterns made from what the begin matched (a heredoc's word) are new at run time.
    expect(converted.length).toBeLessThanOrEqual(3);
  });

  test('are not used by other versions of shiki or its converter', () => {
    const dir = tmp();
    cpSync(tableDir, dir, { recursive: true });
    const table = tableOf('json');
    writeFileSync(join(dir, 'json.json'), JSON.stringify({ ...table, versions: 'shiki 0.0.0, oniguruma-to-es 0.0.0' }));
    const tables = tableRegexConstructor(shiki, dir);
    tables.load('json');
    tables.construct(Object.keys(table.patterns)[0]!);
    expect(tables.revived()).toBe(0);
    const current = tableRegexConstructor(shiki, tableDir);
    current.load('json');
    current.construct(Object.keys(table.patterns)[0]!);
    expect(current.revived()).toBe(1);
  });
});
