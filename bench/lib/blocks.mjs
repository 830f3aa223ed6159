// Markdown block generators for the bench corpus (tables, lists, code fences).
import { WORDS, capitalize, sentence, words } from './text.mjs';

/** A bullet list of 3–6 items. */
export function bulletList(rand) {
  const n = rand.int(3, 6);
  const items = [];
  for (let i = 0; i < n; i++) items.push(`- ${sentence(rand)}`);
  return items.join('\n');
}

/** A GFM table with 4 columns and 3–6 body rows. */
export function gfmTable(rand) {
  const header = words(rand, 4).map(capitalize);
  const lines = [`| ${header.join(' | ')} |`, '| --- | --- | --- | --- |'];
  const rows = rand.int(3, 6);
  for (let r = 0; r < rows; r++) {
    const cells = [
      `\`${rand.pick(WORDS)}\``,
      String(rand.int(1, 9999)),
      words(rand, rand.int(1, 3)).join(' '),
      rand.next() < 0.5 ? 'yes' : 'no',
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

const ident = (rand) => `${rand.pick(WORDS)}_${rand.pick(WORDS)}`;

function relLines(rand, count) {
  const lines = [`// ${words(rand, rand.int(3, 7)).join(' ')}`];
  while (lines.length < count) {
    const kind = rand.int(0, 3);
    if (kind === 0) lines.push(`def ${ident(rand)}(x, y) = ${rand.pick(WORDS)}(x, y) and ${rand.pick(WORDS)}(y)`);
    else if (kind === 1) lines.push(`def ${ident(rand)} = {(${rand.int(1, 99)}, "${rand.pick(WORDS)}"); (${rand.int(1, 99)}, "${rand.pick(WORDS)}")}`);
    else if (kind === 2) lines.push(`def output = count[${ident(rand)}]`);
    else lines.push(`ic ${ident(rand)}(x) = ${rand.pick(WORDS)}(x) implies Int(x)`);
  }
  return lines;
}

function pythonLines(rand, count) {
  const fn = ident(rand);
  const lines = [`def ${fn}(${rand.pick(WORDS)}, limit=${rand.int(1, 100)}):`];
  while (lines.length < count - 1) {
    const kind = rand.int(0, 2);
    if (kind === 0) lines.push(`    ${ident(rand)} = ${rand.int(0, 1000)} * limit`);
    else if (kind === 1) lines.push(`    # ${words(rand, rand.int(3, 8)).join(' ')}`);
    else lines.push(`    print("${words(rand, rand.int(2, 5)).join(' ')}")`);
  }
  lines.push(`    return ${rand.int(0, 9)}`);
  return lines;
}

function jsonLines(rand, count) {
  const inner = [];
  for (let i = 0; i < count - 2; i++) {
    const value = rand.next() < 0.5 ? String(rand.int(0, 9999)) : `"${rand.pick(WORDS)}"`;
    inner.push(`  "${ident(rand)}_${i}": ${value}${i < count - 3 ? ',' : ''}`);
  }
  return ['{', ...inner, '}'];
}

/** A fenced code block of 4–12 lines in `lang` ("rel", "python" or "json"). */
export function codeBlock(rand, lang) {
  const count = rand.int(4, 12);
  const make = lang === 'rel' ? relLines : lang === 'python' ? pythonLines : jsonLines;
  return ['```' + lang, ...make(rand, count), '```'].join('\n');
}
