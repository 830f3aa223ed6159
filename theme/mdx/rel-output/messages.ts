/** The output viewer's messages (seed §8), word for word. `src` is the component's `src` as written. */
export const OUTPUT_MESSAGES = {
  loading: 'Loading…',
  /** The decoder could not be loaded. */
  browserFailure: (src: string) => `Browser failure in displaying output from ${src}.`,
  /** The fetch (or the cache) failed. */
  displayFailure: (src: string) => `Failed to display output from ${src}`,
  /** The file is not a valid output list. */
  parseFailure: (src: string, reason: string) => `Failed to parse ${src.replace(/\.json$/i, '')}.json due to ${reason}.`,
};
