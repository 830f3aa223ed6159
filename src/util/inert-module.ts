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

/** Tokens after which `[` opens an array or a computed key and `-` is a sign, not an operator. */
const STARTS_A_VALUE = new Set(['', '=', ':', ',', '(', '[', '{', 'default']);

/** The key that sets an object literal's prototype (`{ __proto__: [] }`), however it is spelt. */
const PROTO = '__proto__';

const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', 0: '\0' };

/** The value of a string literal's text between its quotes (escapes read as JavaScript reads them). */
function stringValue(raw: string): string {
  return raw.replace(/\\(?:u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|(\r\n|[\s\S]))/g, (_, point?: string, unit?: string, byte?: string, other?: string) => {
    const code = point ?? unit ?? byte;
    if (code !== undefined) return String.fromCodePoint(Math.min(parseInt(code, 16), 0x10ffff));
    // A backslash before a line terminator continues the string.
    return LINE_TERMINATOR.test(other![0]!) ? '' : (SIMPLE_ESCAPES[other!] ?? other!);
  });
}

/** Globals a literal module may name: values, never functions. */
const LITERAL_GLOBALS = new Set(['undefined', 'NaN', 'Infinity']);

/**
 * Whether loading a bundled module (esbuild's output for a config or `_meta.ts`) can run no code
 * but its own literals: then it cannot loop forever, and needs no probe process to bound its load
 * (a process costs about 50 CPU ms to start). Deliberately narrow; anything it does not recognise
 * is "not inert", which only means the probe runs as before:
 * - strings in `'` or `"`, numbers, identifiers, comments, and `{ } [ ] : , ; =` and a sign before
 *   a digit: nothing is called, no function is defined (no `=>`, `function`, getter), no template
 *   is tagged;
 * - no value can be a function, so no coercion can call one (`-x`, `x == 1`, `{ [x]: 1 }` call
 *   `valueOf`/`toString`, which a literal object could otherwise point at a built-in that loops):
 *   a name read as a value is one the module declared (from literals) or `undefined`, `NaN`,
 *   `Infinity`, or `process.env.NAME` (a string); no member access (`.`, or `[` after a value);
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
  const afterComments = code.replace(/^(?:\s*\/\/[^\n\r\u2028\u2029]*[\n\r\u2028\u2029])*\s*/, '');
  if (afterComments.startsWith(importLine)) {
    code = afterComments.slice(importLine.length);
    defineConfigImported = true;
  }
  /** Names the module declared (`var x =`): their values are literals too. */
  const declared = new Set<string>();
  let i = 0;
  let openCalls = 0;
  /** The last token, to tell `defineConfig(` from a bare `(`, and an array from member access. */
  let previous = '';
  while (i < code.length) {
    const c = code[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '/' && code[i + 1] === '/') {
      // JavaScript ends a line comment at any line terminator, a lone carriage return too: what follows one runs.
      const end = code.slice(i).search(LINE_TERMINATOR);
      i = end === -1 ? code.length : i + end + 1;
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
        if (LINE_TERMINATOR.test(code[j]!)) return false;
        j += code[j] === '\\' ? 2 : 1;
      }
      if (j >= code.length) return false;
      // `{ "__proto__": [] }` gives an object Array's methods, which a computed key then coerces with: `[o]` joins `o.length` items.
      if (stringValue(code.slice(i + 1, j)) === PROTO) return false;
      i = j + 1;
      previous = 'string';
      continue;
    }
    const env = /^process\.env\.[A-Za-z_$][\w$]*/.exec(code.slice(i, i + 256))?.[0];
    if (env && env.length < 256) {
      i += env.length;
      previous = 'process.env';
      continue;
    }
    const word = /^[A-Za-z_$][\w$]*/.exec(code.slice(i, i + 256))?.[0];
    if (word) {
      if (word.length === 256) return false;
      const after = /^\s*(.)(.?)/.exec(code.slice(i + word.length));
      const next = after?.[1];
      const isAssigned = next === '=' && after?.[2] !== '=' && after?.[2] !== '>';
      if (word === PROTO) return false;
      if (word === DEFINE_CONFIG) {
        if (!defineConfigImported || next !== '(') return false;
      } else if (HARMLESS_WORDS.has(word) || RESERVED_WORDS.has(word)) {
        if (!HARMLESS_WORDS.has(word)) return false;
      } else if (isAssigned) declared.add(word);
      // A property key (`a: 1`), or the name a value is exported as (`x as default`), reads nothing.
      else if (!(next === ':' || previous === 'as' || declared.has(word) || LITERAL_GLOBALS.has(word))) return false;
      i += word.length;
      previous = word;
      continue;
    }
    const number = /^[0-9]\w*(?:\.\w*)?/.exec(code.slice(i, i + 64))?.[0];
    if (number) {
      // `0..constructor`, `1.5.toFixed`: member access through a number.
      if (code[i + number.length] === '.') return false;
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
    } else if (c === '[' || c === '-') {
      if (!STARTS_A_VALUE.has(previous) || (c === '-' && !/[0-9]/.test(code[i + 1] ?? ''))) return false;
    } else if (c === '=') {
      if (code[i + 1] === '=' || code[i + 1] === '>' || !declared.has(previous)) return false;
    } else if (!'{}]:,;'.includes(c)) return false;
    i++;
    previous = c;
  }
  return openCalls === 0;
}
