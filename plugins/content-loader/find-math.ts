/** One stretch of TeX in a page's source. Offsets are into the body given to `findMath`. */
export interface MathSpan {
  /** Where the delimited math starts and ends (delimiters included). */
  start: number;
  end: number;
  tex: string;
  /** Offset of the TeX itself, for an error's place. */
  texStart: number;
  /** `$$…$$`, `\[…\]` or a ```` ```math ```` fence. */
  display: boolean;
}

const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})[ \t]*([^\s`]*)[^\n]*$/;

function lineEnd(source: string, from: number): number {
  const end = source.indexOf('\n', from);
  return end < 0 ? source.length : end;
}

/** The index of `close` after `from`, unless a blank line (the end of a paragraph) comes first. */
function closing(source: string, from: number, close: string, accept: (at: number) => boolean = () => true): number {
  for (let at = source.indexOf(close, from); at >= 0; at = source.indexOf(close, at + 1)) {
    if (/\n[ \t]*\n/.test(source.slice(from, at))) return -1;
    if (source[at - 1] !== '\\' && accept(at)) return at;
  }
  return -1;
}

/** The end of a `<tag …>` (quotes and `{…}` skipped), or -1 when `<` starts no tag. */
function tagEnd(source: string, from: number): number {
  if (!/[A-Za-z/!]/.test(source[from + 1] ?? '')) return -1;
  let depth = 0;
  let quote = '';
  for (let i = from + 1; i < source.length; i++) {
    const c = source[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === '>' && depth <= 0) return i + 1;
  }
  return -1;
}

/** The end of a balanced `{…}` expression (MDX), strings and template literals skipped. */
function expressionEnd(source: string, from: number): number {
  let depth = 0;
  let quote = '';
  for (let i = from; i < source.length; i++) {
    const c = source[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** A line that opens a fence whose language is `math`, as `FENCE_OPEN` reads a language (its run of characters but spaces and backticks). */
const MATH_FENCE_OPEN = /^[ \t]*(?:`{3,}|~{3,})[ \t]*math(?=[\s`]|$)/im;

/**
 * Whether the body has any of what opens math: a dollar, `\(`, `\[` or a math fence. Most pages
 * have none, and the scan below reads a page character by character (28 µs a page of the
 * benchmark's corpus, 1 % of a worker's time).
 */
const mayHoldMath = (source: string) => source.includes('$') || source.includes('\\(') || source.includes('\\[') || MATH_FENCE_OPEN.test(source);

/**
 * Finds the math in a page's Markdown or MDX body: `$…$` and `\(…\)` inline, `$$…$$` and `\[…\]`
 * display, ```` ```math ```` fences — never inside code (fences, code spans), tags or, in MDX,
 * `{…}` expressions and `import`/`export` lines. It runs before the Markdown or MDX parser sees the
 * page, so TeX's braces never reach MDX as expressions.
 *
 * `$` opens inline math only before a non-space and closes only after a non-space and before a
 * non-digit (so "$5 and $10" is text, as in Pandoc and remark-math); `\$` is a dollar.
 */
export function findMath(source: string, format: 'md' | 'mdx'): MathSpan[] {
  if (!mayHoldMath(source)) return [];
  const spans: MathSpan[] = [];
  let i = 0;
  let lineStart = true;
  while (i < source.length) {
    if (lineStart) {
      const end = lineEnd(source, i);
      const line = source.slice(i, end);
      const fence = FENCE_OPEN.exec(line);
      if (fence) {
        const marker = fence[1]!;
        const closer = new RegExp(`^[ \\t]*${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
        let next = end + 1;
        let contentEnd = source.length;
        let fenceEnd = source.length;
        while (next < source.length) {
          const nextEnd = lineEnd(source, next);
          if (closer.test(source.slice(next, nextEnd))) {
            contentEnd = next;
            fenceEnd = nextEnd;
            break;
          }
          next = nextEnd + 1;
        }
        if (fence[2]!.toLowerCase() === 'math') {
          const texStart = Math.min(end + 1, contentEnd);
          spans.push({ start: i, end: fenceEnd, tex: source.slice(texStart, contentEnd).replace(/\n$/, ''), texStart, display: true });
        }
        i = fenceEnd;
        lineStart = false;
        continue;
      }
      if (format === 'mdx' && /^(?:import|export)\s/.test(line)) {
        i = end;
        lineStart = false;
        continue;
      }
    }
    const c = source[i]!;
    lineStart = c === '\n';
    if (c === '`') {
      const run = /^`+/.exec(source.slice(i))![0];
      const close = source.indexOf(run, i + run.length);
      i = close < 0 ? i + run.length : close + run.length;
      continue;
    }
    if (c === '<') {
      const end = tagEnd(source, i);
      i = end < 0 ? i + 1 : end;
      continue;
    }
    if (c === '{' && format === 'mdx') {
      const end = expressionEnd(source, i);
      i = end < 0 ? i + 1 : end;
      continue;
    }
    if (c === '\\') {
      const next = source[i + 1];
      const close = next === '(' ? '\\)' : next === '[' ? '\\]' : undefined;
      const at = close ? closing(source, i + 2, close) : -1;
      if (at >= 0) {
        spans.push({ start: i, end: at + 2, tex: source.slice(i + 2, at), texStart: i + 2, display: next === '[' });
        i = at + 2;
      } else i += 2;
      continue;
    }
    if (c === '$') {
      if (source[i + 1] === '$') {
        const at = closing(source, i + 2, '$$');
        if (at >= 0 && source.slice(i + 2, at).trim()) {
          spans.push({ start: i, end: at + 2, tex: source.slice(i + 2, at), texStart: i + 2, display: true });
          i = at + 2;
        } else i += 2;
        continue;
      }
      const opens = /[^\s$]/.test(source[i + 1] ?? ' ');
      const at = opens ? closing(source, i + 1, '$', (end) => !/\s/.test(source[end - 1]!) && !/\d/.test(source[end + 1] ?? '')) : -1;
      if (at >= 0) {
        spans.push({ start: i, end: at + 1, tex: source.slice(i + 1, at), texStart: i + 1, display: false });
        i = at + 1;
      } else i += 1;
      continue;
    }
    i++;
  }
  return spans;
}
