import { devClientScript } from '../build/inline-scripts.ts';

export { DEV_SOCKET_PATH, type DevMessage } from '../shared/dev-protocol.ts';

/** Adds the live-reload client (`theme/client/dev-client.ts`) to a page, just before `</body>`, with how many changes the page shows (`DevMessage` `changes`). */
export function injectDevClient(html: string, changesShown = 0): string {
  const script = `<script data-changes="${changesShown}">${devClientScript()}</script>`;
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + script : html.slice(0, at) + script + html.slice(at);
}
