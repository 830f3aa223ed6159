import { describe, expect, test } from 'vitest';
import { isInertModule } from '../../src/util/inert-module.ts';

// A config or `_meta.ts` whose bundle only declares literals loads without the probe process that
// bounds its load: it cannot loop. Anything that could run code must be refused.
const DOCS_GEN = 'file:///tool/dist/src/index.js';
const inert = (text: string) => isInertModule(text, DOCS_GEN);
const exported = (body: string) => `// docs-gen.config.ts\nvar docs_gen_config_default = ${body};\nexport {\n  docs_gen_config_default as default\n};\n`;
const withDefineConfig = (body: string) => `// docs-gen.config.ts\nimport { defineConfig } from "${DOCS_GEN}";\n${exported(`defineConfig(${body})`).replace('// docs-gen.config.ts\n', '')}`;

describe('modules of literals are inert', () => {
  test.each([
    ['an object of strings', exported('{ title: "One" }')],
    ['nested objects, arrays, numbers, booleans, null', exported('{ a: [1, -2.5, 0x1f, 1e3], b: { c: true, d: null, e: undefined }, "f-g": \'h\' }')],
    ['strings holding code and comment marks', exported('{ a: "while (true) {} // `x` /* y */ ${z}", b: \'it\\\'s\' }')],
    ['comments', `/* legal */\n${exported('{ a: 1 } // trailing')}`],
    ['an environment variable', exported('{ env: process.env.HOME }')],
    ['a name the module declared, and a computed key of a literal', `var base = "/docs";\nvar key = "k";\n${exported('{ basePath: base, [key]: [base, -1] }')}`],
    ['defineConfig of this docs-gen around literals', withDefineConfig('{ title: "Rel", locales: [{ locale: "en" }] }')],
    ['lines ended by CRLF, comments included', exported('{ title: "Windows" }').replaceAll('\n', '\r\n')],
    ['a string that only looks like the prototype key', exported('{ a: "__proto", b: "proto__", c: "__pro\\to__" }')],
  ])('%s', (_, text) => {
    expect(inert(text)).toBe(true);
  });
});

describe('modules that could run code are not', () => {
  test.each([
    ['a loop', `while (true) {}\n${exported('{}')}`],
    ['a call', exported('{ year: new Date().getUTCFullYear() }')],
    ['a call without a new', exported('{ a: Atomics.wait }') + 'x.y();'],
    ['an arrow function', exported('{ editUrl: p => p }')],
    ['a function', exported('{ f: function f() {} }')],
    ['a getter', exported('{ get title() { return "t"; } }')],
    ['a template literal (tagged or not)', exported('{ a: String.raw`x` }')],
    ['a regular expression', exported('{ a: /x/ }')],
    ['an import of a package', `import x from "x";\n${exported('x')}`],
    ['a re-export', 'export { default } from "./other.mjs";\n'],
    ['a top-level await', `await 0;\n${exported('{}')}`],
    ['a dynamic import', exported('{ a: import("x") }')],
    ['a class', `class A {}\n${exported('{}')}`],
    ['coercion operators', exported('{ a: b + c }')],
    ['an unterminated string', exported('{ a: "x }')],
    ['an identifier escape', exported('{ a: \\u0061 }')],
    ['defineConfig from another module', withDefineConfig('{}').replace(DOCS_GEN, 'file:///elsewhere.js')],
    ['defineConfig not imported', exported('defineConfig({})')],
    ['defineConfig as a property call', withDefineConfig('{}') + 'x.defineConfig({});\n'],
    ['defineConfig rebound', withDefineConfig('{}') + '{ let defineConfig = Atomics.wait; }\n'],
    ['a call inside defineConfig', withDefineConfig('{ a: f() }')],
    // A literal object whose valueOf is a built-in that loops: any coercion calls it, with no `(` in sight.
    ['a coercion of an object pointing at a built-in', `var x = { length: 9e15, valueOf: Array.prototype.indexOf };\n${exported('{ n: -x }')}`],
    ['a global function as a value', `var x = { valueOf: eval };\n${exported('{ n: [x] }')}`],
    ['member access by brackets', exported('{ f: []["constructor"] }')],
    ['member access through a number', exported('{ f: 0..constructor.constructor }')],
    ['member access through a decimal', exported('{ f: 1.5.toFixed }')],
    ['a loose comparison', `var x = {};\n${exported('{ n: x == 1 }')}`],
    ['a compound assignment', `var x = 1;\nx -= 1;\n${exported('{}')}`],
    ['a decrement', `var x = 1;\n--x;\n${exported('{}')}`],
    ['a computed key of a name not declared', exported('{ [x]: 1 }')],
    ['a sign before a name', `var x = 1;\n${exported('{ n: -x }')}`],
    // JavaScript ends a line comment at a lone carriage return and at U+2028 and U+2029 too: what follows runs.
    ['a line comment ended by a carriage return', `// options\rwhile (true) {}\n${exported('{}')}`],
    ['a line comment ended by a line separator', `// options\u2028while (true) {}\n${exported('{}')}`],
    ['a line comment ended by a paragraph separator', `// options\u2029while (true) {}\n${exported('{}')}`],
    ['a leading comment ended by a carriage return before the import', withDefineConfig('{}').replace('// docs-gen.config.ts\n', '// c\rwhile (true) {}\n')],
    // An object given Array's methods as its prototype, then coerced by a computed key: `join` over 2^32 - 1 items.
    ['a prototype key', `var o = { __proto__: [], length: 4294967295 };\n${exported('{ [o]: 1 }')}`],
    ['a prototype key as a string', `var o = { "__proto__": [], length: 4294967295 };\n${exported('{ [o]: 1 }')}`],
    ['a prototype key spelt with escapes', `var o = { '\\u005f\\x5f\\u{70}roto__': [], length: 4294967295 };\n${exported('{ [o]: 1 }')}`],
  ])('%s', (_, text) => {
    expect(inert(text)).toBe(false);
  });
});
