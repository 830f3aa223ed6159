import { distUrl } from './dist-path.ts';

/** Words a module may hold and still run nothing: declarations, the export, literals. */
const HARMLESS_WORDS = new Set(['var', 'let', 'const', 'export', 'default', 'as', 'true', 'false', 'null', 'undefined']);

/** JavaScript's reserved words (and the contextual ones that start code): any of them rules a module out. */
const RESERVED_WORDS = new Set(
  (
    'await break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'implements import in instanceof interface let new null of package private protected public return static super switch this ' +
    'throw true try typeof var void while with yield async get set from'
  ).split(' '),
);

/** The one import allowed: `defineConfig` from this very docs-gen, which returns its argument. */
const DEFINE_CONFIG = 'defineConfig';

/**
 * Whether loading a bundled module (esbuild's output for a config or `_meta.ts`) can run no code
 * but its own literals: then it cannot loop forever, and needs no probe thread to bound its load
 * (a thread costs about 50 CPU ms to start). Deliberately narrow; anything it does not recognise
 * is "not inert", which only means the probe runs as before:
 * - strings in `'` or `"`, numbers, identifiers, comments, and `{ } [ ] : , . ; = -` (no `(`, no
 *   backtick, no `/` that is not a comment, no `+`, `>`, `<`, `?`, `!`, `*`, `&`, `|`): nothing is
 *   called, no function is defined (no `=>`, `function`, getter), no template is tagged;
 * - no reserved word but declarations and literals (no `new`, loop, `await`, `import`, `class`,
 *   `export … from`…);
 * - except `import { defineConfig } from "<this docs-gen>";` at the start, and `defineConfig(`
 *   calls of that import (not a property `.defineConfig(`, not a rebinding of the name), whose
 *   arguments follow the same rules.
 */
export function isInertModule(text: string, docsGenUrl: string = distUrl('src/index.js')): boolean {
  let code = text;
  let defineConfigImported = false;
  const importLine = `import { ${DEFINE_CONFIG} } from ${JSON.stringify(docsGenUrl)};`;
  const afterComments = code.replace(/^(?:\s*\/\/[^\n]*\n)*\s*/, '');
  if (afterComments.startsWith(importLine)) {
    code = afterComments.slice(importLine.length);
    defineConfigImported = true;
  }
  let i = 0;
  let openCalls = 0;
  /** The last token, to tell `defineConfig(` from `.defineConfig(` and a bare `(`. */
  let previous = '';
  while (i < code.length) {
    const c = code[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '/' && code[i + 1] === '/') {
      const end = code.indexOf('\n', i);
      i = end === -1 ? code.length : end + 1;
      continue;
    }
    if (c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      if (end === -1) return false;
      i = end + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < code.length && code[j] !== c) {
        if (code[j] === '\n') return false;
        j += code[j] === '\\' ? 2 : 1;
      }
      if (j >= code.length) return false;
      i = j + 1;
      previous = 'string';
      continue;
    }
    const word = /^[A-Za-z_$][\w$]*/.exec(code.slice(i, i + 256))?.[0];
    if (word) {
      if (word.length === 256) return false;
      const next = /^\s*(.)/.exec(code.slice(i + word.length))?.[1];
      if (word === DEFINE_CONFIG) {
        if (!defineConfigImported || previous === '.' || next !== '(') return false;
      } else if (RESERVED_WORDS.has(word) && !(HARMLESS_WORDS.has(word) && previous !== '.')) {
        // A reserved word after a dot is a property name (`a.new`): harmless, but rare enough to refuse.
        return false;
      }
      i += word.length;
      previous = word;
      continue;
    }
    const number = /^[0-9][\w.]*/.exec(code.slice(i, i + 64))?.[0];
    if (number) {
      i += number.length;
      previous = 'number';
      continue;
    }
    if (c === '(') {
      if (previous !== DEFINE_CONFIG || openCalls > 0) return false;
      openCalls++;
    } else if (c === ')') {
      if (openCalls === 0) return false;
      openCalls--;
    } else if (!'{}[]:,.;=-'.includes(c)) return false;
    i++;
    previous = c;
  }
  return openCalls === 0;
}
