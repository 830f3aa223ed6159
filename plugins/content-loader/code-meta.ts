import type { Element, ElementContent, Text } from 'hast';

/** What a fence's meta string asks of its code block (Nextra's and rehype-pretty-code's syntax). */
export interface CodeMeta {
  /** `filename="…"` (or `title="…"`): a title bar above the block. */
  title?: string;
  /** `{1,3-5}`: 1-based line numbers to highlight. */
  highlightedLines: ReadonlySet<number>;
  /** `showLineNumbers`: numbers drawn by CSS counters, so copying never includes them. */
  showLineNumbers: boolean;
  /** `/substr/`: every occurrence is marked. */
  substrings: string[];
  /** `copy=false`: no copy button. */
  copy: boolean;
}

const META_PART = /(\w+)=(?:"([^"]*)"|'([^']*)'|(\S+))|\{([\d,\s-]*)\}|\/((?:[^/\\\s]|\\.)(?:[^/\\]|\\.)*)\/|\S+/g;

/** Reads a fence's meta (what follows the language); unknown words are ignored, as Nextra does. */
export function parseCodeMeta(meta: string | undefined): CodeMeta {
  const parsed: CodeMeta = { highlightedLines: new Set(), showLineNumbers: false, substrings: [], copy: true };
  const lines = new Set<number>();
  for (const match of (meta ?? '').matchAll(META_PART)) {
    const [word, key, double, single, bare, ranges, substring] = match;
    if (key) {
      const value = double ?? single ?? bare ?? '';
      if (key === 'filename' || key === 'title') parsed.title = value;
      else if (key === 'copy') parsed.copy = value !== 'false';
      else if (key === 'showLineNumbers') parsed.showLineNumbers = value !== 'false';
    } else if (ranges !== undefined) {
      for (const range of ranges.split(',')) {
        const [from, to = from] = range.split('-').map((n) => Number(n.trim()));
        if (!Number.isInteger(from) || !Number.isInteger(to) || from! < 1) continue;
        // A reversed or huge range is a typo, not a reason to loop a million times.
        for (let line = from!; line <= Math.min(to!, from! + 10_000); line++) lines.add(line);
      }
    } else if (substring !== undefined) parsed.substrings.push(substring.replace(/\\(.)/g, '$1'));
    else if (word === 'showLineNumbers') parsed.showLineNumbers = true;
  }
  parsed.highlightedLines = lines;
  return parsed;
}

const text = (value: string): Text => ({ type: 'text', value });

/** Character ranges of every occurrence of `substrings` in `line`, sorted, never overlapping. */
function markRanges(line: string, substrings: string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const substring of substrings) {
    for (let at = line.indexOf(substring); substring && at >= 0; at = line.indexOf(substring, at + substring.length)) ranges.push([at, at + substring.length]);
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const kept: [number, number][] = [];
  for (const range of ranges) if (!kept.length || range[0] >= kept.at(-1)![1]) kept.push(range);
  return kept;
}

function lineText(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(lineText).join('') : '';
}

/** Wraps the characters of `ranges` in `<mark>`, splitting token spans' text where a range starts or ends. */
function markLine(line: Element, ranges: [number, number][]): void {
  let offset = 0;
  const walk = (children: ElementContent[]): ElementContent[] =>
    children.flatMap((child): ElementContent[] => {
      if (child.type === 'element') {
        child.children = walk(child.children);
        return [child];
      }
      if (child.type !== 'text') return [child];
      const start = offset;
      offset += child.value.length;
      const out: ElementContent[] = [];
      let cursor = 0;
      for (const [a, b] of ranges) {
        const from = Math.max(a - start, cursor);
        const to = Math.min(b - start, child.value.length);
        if (from >= to) continue;
        if (from > cursor) out.push(text(child.value.slice(cursor, from)));
        out.push({ type: 'element', tagName: 'mark', properties: { className: ['code-mark'] }, children: [text(child.value.slice(from, to))] });
        cursor = to;
      }
      if (cursor < child.value.length) out.push(text(child.value.slice(cursor)));
      return out;
    });
  line.children = walk(line.children);
}

/** Languages that are no language: no label for them. */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext']);

/**
 * The chrome around a highlighted `pre` (shiki's, lines as `span.line`): title bar or language
 * label, copy button, highlighted lines and substrings, line numbers. One function for both the
 * MDX and the Markdown path, so their markup is the same.
 */
/** The copy button's text and name, in the page's language (the theme's dictionary: `uiStrings`). */
export interface CopyButtonLabels {
  copy: string;
  copyCode: string;
}

export const ENGLISH_COPY_LABELS: CopyButtonLabels = { copy: 'Copy', copyCode: 'Copy code' };

export function codeBlockChrome(pre: Element, requested: string, meta: Readonly<CodeMeta>, labels: CopyButtonLabels = ENGLISH_COPY_LABELS): Element {
  const code = pre.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
  const lines = (code?.children ?? []).filter((c): c is Element => c.type === 'element' && c.tagName === 'span');
  lines.forEach((line, index) => {
    // shiki writes the line's class as `class: 'line'`.
    if (meta.highlightedLines.has(index + 1)) line.properties.class = `${String(line.properties.class ?? line.properties.className ?? 'line')} highlighted`;
    if (meta.substrings.length) {
      const ranges = markRanges(lineText(line), meta.substrings);
      if (ranges.length) markLine(line, ranges);
    }
  });
  if (meta.showLineNumbers) pre.properties.dataLineNumbers = '';
  const chrome: ElementContent[] = [];
  if (meta.title !== undefined) chrome.push({ type: 'element', tagName: 'div', properties: { className: ['code-title'] }, children: [text(meta.title)] });
  else if (!PLAIN.has(requested)) chrome.push({ type: 'element', tagName: 'span', properties: { className: ['code-language'], ariaHidden: 'true' }, children: [text(requested)] });
  if (meta.copy) {
    chrome.push({
      type: 'element',
      tagName: 'button',
      properties: { type: 'button', className: ['copy-button'], ariaLabel: labels.copyCode, title: labels.copyCode },
      children: [text(labels.copy)],
    });
  }
  const className = ['code-block', ...(meta.title !== undefined ? ['has-title'] : [])];
  return { type: 'element', tagName: 'div', properties: { className, dataLanguage: requested }, children: [...chrome, pre] };
}
