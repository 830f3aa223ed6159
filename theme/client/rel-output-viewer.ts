/**
 * The browser side of the output viewer (seed §4, §7, §8): fetches an output file as JSON,
 * decodes it with the build's own decoder and renders it with the build's own markup.
 */
import { decodeOutput, OutputFormatError } from '../mdx/rel-output/decode.ts';
import { outputMessages } from '../mdx/rel-output/messages.ts';
import type { ClientStrings } from '../../src/shared/ui-strings.ts';
import { isOutputMode, outputHtml } from '../mdx/rel-output/output-html.ts';
import { showOutputState } from './rel-output.ts';

/** One request per URL, however many viewers show it. */
const requests = new Map<string, Promise<string>>();

function fetchOutput(url: string): Promise<string> {
  let request = requests.get(url);
  if (!request) {
    // The seed's call sends a JSON content type; a cross-origin request keeps to Accept, which needs no preflight.
    const sameOrigin = new URL(url, location.href).origin === location.origin;
    const headers: Record<string, string> = sameOrigin ? { Accept: 'application/json', 'Content-Type': 'application/json' } : { Accept: 'application/json' };
    request = fetch(url, { headers }).then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.text();
    });
    request.catch(() => requests.delete(url));
    requests.set(url, request);
  }
  return request;
}

export async function displayOutput(element: HTMLElement, strings: ClientStrings): Promise<void> {
  const src = element.dataset.src ?? '';
  const mode = element.dataset.mode;
  const OUTPUT_MESSAGES = outputMessages(strings);
  showOutputState(element, 'loading', OUTPUT_MESSAGES.loading);
  let text: string;
  try {
    text = await fetchOutput(element.dataset.url ?? src);
  } catch {
    showOutputState(element, 'failed', OUTPUT_MESSAGES.displayFailure(src));
    return;
  }
  try {
    const relations = decodeOutput(text);
    element.innerHTML = outputHtml(relations, isOutputMode(mode) ? mode : 'LOGICAL');
    showOutputState(element, 'displayed');
  } catch (error) {
    showOutputState(element, 'failed', error instanceof OutputFormatError ? OUTPUT_MESSAGES.parseFailure(src, error.message) : OUTPUT_MESSAGES.browserFailure(src));
  }
}
