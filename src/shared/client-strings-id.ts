/**
 * The id of the page's `<script type="application/json">` holding its client strings. A module of
 * its own: the page's first script reads it, lazy chunks fill templates (`fill-template.ts`), and
 * code shared by both would be split by esbuild into a chunk of its own, loaded up front.
 */
export const CLIENT_STRINGS_ID = 'docs-ui-strings';
