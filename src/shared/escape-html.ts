const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };


/** Escapes text for HTML text and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

const ESCAPED = /["'&<>]/;

/**
 * `escapeHtml` as React escapes text and an attribute's value (`escapeTextForBrowser`: `&#x27;`
 * for an apostrophe): markup written beside React's, held to be byte for byte what it renders
 * (static-markup.ts writes every text and attribute of a page's frame with it). A text with
 * nothing to escape is given back as it is, after one test.
 */
export function escapeAsReact(value: string): string {
  const first = ESCAPED.exec(value);
  if (!first) return value;
  let out = '';
  let from = 0;
  for (let i = first.index; i < value.length; i++) {
    let replacement: string;
    switch (value.charCodeAt(i)) {
      case 34:
        replacement = '&quot;';
        break;
      case 38:
        replacement = '&amp;';
        break;
      case 39:
        replacement = '&#x27;';
        break;
      case 60:
        replacement = '&lt;';
        break;
      case 62:
        replacement = '&gt;';
        break;
      default:
        continue;
    }
    out += value.slice(from, i) + replacement;
    from = i + 1;
  }
  return out + value.slice(from);
}

const NAMED_REFERENCES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/**
 * An attribute's value as HTML we wrote spells it: markdown-it (`&quot;`), React (`&#x27;` for an
 * apostrophe) or `escapeHtml` (`&#39;`). The named references these use and every numeric one;
 * anything else stays as written.
 */
export function decodeAttribute(value: string): string {
  return value.replace(/&(?:#x([0-9a-f]+)|#([0-9]+)|([a-z]+));/gi, (whole, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED_REFERENCES[name] ?? whole;
    const code = hex !== undefined ? Number.parseInt(hex, 16) : Number(decimal);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
