// What compiling a grammar's regular expressions costs in a fresh process: each expression of a
// language's table (dist/plugins/content-loader/highlight-regexes/) made, then run three times on
// one line of code. V8 compiles an expression to bytecode on its first run and to machine code on
// its second (`--regexp-tier-up`); run this with `node --no-regexp-tier-up` to compare.
// Usage: node [--no-regexp-tier-up] bench/grammar-regexps.mjs [language …]   (needs dist/)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoDir = dirname(dirname(fileURLToPath(import.meta.url)));
const languages = process.argv.slice(2).length ? process.argv.slice(2) : ['javascript', 'bash', 'python', 'rel'];
const shiki = await import(join(repoDir, 'dist', 'vendor', 'shiki.js'));
// The engine's RegExp subclass, as highlight-regexes.ts revives it.
const Emulated = shiki.defaultJavaScriptRegexConstructor('(?>a)', { target: 'auto' }).constructor;
const line = 'const total = await fetch(`https://example.org/${id}`, { method: "POST" }); // sum(x) if y\n';
const ms = (from) => performance.now() - from;

for (const language of languages) {
  const table = JSON.parse(readFileSync(join(repoDir, 'dist', 'plugins', 'content-loader', 'highlight-regexes', `${language}.json`), 'utf8'));
  const totals = { make: 0, runs: [0, 0, 0] };
  const entries = Object.values(table.patterns);
  for (const [source, flags, options] of entries) {
    let at = performance.now();
    const regex = options === undefined ? new RegExp(source, flags) : new Emulated(source, flags, options);
    totals.make += ms(at);
    for (let run = 0; run < 3; run++) {
      regex.lastIndex = 0;
      at = performance.now();
      regex.exec(line);
      totals.runs[run] += ms(at);
    }
  }
  const runs = totals.runs.map((total) => `${total.toFixed(1)} ms`).join(', ');
  console.log(`${language}: ${entries.length} expressions; made in ${totals.make.toFixed(1)} ms; runs 1, 2, 3: ${runs}`);
}
