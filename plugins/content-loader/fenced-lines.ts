/** One line of a Markdown body, and whether a fenced code block holds it. */
export interface BodyLine {
  text: string;
  /** Prose (anything outside fenced code), a fence that opens a block, a line of its code, or the fence that closes it. */
  place: 'prose' | 'open' | 'code' | 'close';
  /** For a line of code: the opening fence's indentation. */
  fenceIndent?: number;
}

/**
 * The lines of a body with fenced code blocks marked, as CommonMark finds fences at the top level:
 * up to three spaces, then three or more backticks or tildes; the fence closes with the same
 * character, at least as long, and nothing after it. A fence inside a block quote or on a list
 * item's first line is not seen (its lines are reported as unfenced, the cautious reading for
 * the callers: each only looks for something outside code).
 */
export function* fencedLines(body: string): Generator<BodyLine> {
  let fence: { char: string; length: number; indent: number } | undefined;
  for (const text of body.split('\n')) {
    const match = /^( {0,3})(`{3,}|~{3,})/.exec(text);
    const marker = match?.[2];
    if (fence) {
      // A fence closes with the same character, at least as long, and nothing after it.
      const closes = marker !== undefined && marker[0] === fence.char && marker.length >= fence.length && text.trim() === marker;
      yield closes ? { text, place: 'close' } : { text, place: 'code', fenceIndent: fence.indent };
      if (closes) fence = undefined;
      continue;
    }
    // A backtick fence's info string may not hold a backtick (CommonMark); a tilde fence's may.
    if (marker && !(marker[0] === '`' && text.slice(match![0].length).includes('`'))) {
      fence = { char: marker[0]!, length: marker.length, indent: match![1]!.length };
      yield { text, place: 'open' };
      continue;
    }
    yield { text, place: 'prose' };
  }
}
