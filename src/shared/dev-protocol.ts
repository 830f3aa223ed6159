/**
 * The tiny typed protocol between `docs-gen dev` and each open tab, over a WebSocket at
 * {@link DEV_SOCKET_PATH}. Server → tab only. Shared by the server (`src/dev/`) and the tab's
 * client (`theme/client/dev-client.ts`).
 */
export type DevMessage =
  /** Content changed: show the page again (patched in place, or reloaded). */
  | { type: 'reload' }
  /** Only the stylesheet changed: swap it in place (no reload, scroll kept). */
  | { type: 'css'; href: string }
  /** The site has errors: show them over the page until a `reload` comes. */
  | { type: 'error'; message: string }
  /**
   * Sent to each tab as its socket opens, unless the site has errors (then `error` is): how many changes (`reload`, `css`) the tabs have been
   * told of so far in this session of dev (`session`, new at each start). A page says how many it
   * shows and of which session (`data-changes`, `data-session` on its dev client script); a tab
   * whose socket opened after a later change was told (a save right after the page loaded), or
   * that reached a dev started after the one that served its page, shows the page again.
   */
  | { type: 'changes'; count: number; session: string };

/** What the server tells every tab at once: a change, or the site's errors (`changes` goes to one socket, as it opens). */
export type BroadcastMessage = Exclude<DevMessage, { type: 'changes' }>;

export const DEV_SOCKET_PATH = '/__docs-gen/ws';

/**
 * The DOM event the tab's dev client fires on `document` after patching the page in place:
 * what the page's own scripts redo then (the sidebar loads its whole tree again, since the
 * patch brought back the server's reader's path).
 */
export const PAGE_PATCHED_EVENT = 'docs-gen:page-patched';

/** The event's detail: `sidebarKept` when the server's sidebar was the same as last time and the live one was left as it was. */
export interface PagePatched {
  sidebarKept: boolean;
}
