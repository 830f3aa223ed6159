const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** React's spelling of the same five (`&#x27;` for an apostrophe): markup written beside React's, held to be byte for byte what it renders. */
const REACT_ENTITIES: Record<string, string> = { ...ENTITIES, "'": '&#x27;' };

/** Escapes text for HTML text and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** `escapeHtml` as React escapes an attribute's value (`renderToStaticMarkup`). */
export function escapeAsReact(text: string): string {
  return text.replace(/[&<>"']/g, (c) => REACT_ENTITIES[c]!);
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
