// fillTemplate from its own module: the client's output viewer imports this file, and the
// dictionary module would bring every locale's table with it.
import { fillTemplate } from '../../../src/shared/fill-template.ts';
import type { ClientStrings } from '../../../src/shared/ui-strings.ts';

type OutputStrings = Pick<ClientStrings, 'outputLoading' | 'outputBrowserFailure' | 'outputDisplayFailure' | 'outputParseFailure'>;

/** The output viewer's messages (seed §8) from the page's strings. `src` is the component's `src` as written. */
export function outputMessages(strings: OutputStrings) {
  return {
    loading: strings.outputLoading,
    /** The decoder could not be loaded. */
    browserFailure: (src: string) => fillTemplate(strings.outputBrowserFailure, { src }),
    /** The fetch (or the cache) failed. */
    displayFailure: (src: string) => fillTemplate(strings.outputDisplayFailure, { src }),
    /** The file is not a valid output list. */
    parseFailure: (src: string, reason: string) => fillTemplate(strings.outputParseFailure, { src: src.replace(/\.json$/i, ''), reason }),
  };
}
