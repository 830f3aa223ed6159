import { devClientScript } from '../build/inline-scripts.ts';

export { DEV_SOCKET_PATH, type BroadcastMessage, type DevMessage } from '../shared/dev-protocol.ts';

/** How many changes the tabs had been told of when a page was served, and in which session of dev (`DevMessage` `changes`). */
export interface ChangesTold {
  count: number;
  /** New at each start of dev: a count is of its session's changes only. */
  session: string;
}

/** Adds the live-reload client (`theme/client/dev-client.ts`) to a page, just before `</body>`, with the changes the page shows. */
export function injectDevClient(html: string, shown: ChangesTold = { count: 0, session: '' }): string {
  // The session is hex and the count a number: neither needs escaping in the attribute.
  const script = `<script data-changes="${shown.count}" data-session="${shown.session}">${devClientScript()}</script>`;
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + script : html.slice(0, at) + script + html.slice(at);
}
