import { devClientScript } from '../build/inline-scripts.ts';

export { DEV_SOCKET_PATH, type DevMessage } from '../shared/dev-protocol.ts';

/** Adds the live-reload client (`theme/client/dev-client.ts`) to a page, just before `</body>`. */
export function injectDevClient(html: string): string {
  const script = `<script>${devClientScript()}</script>`;
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + script : html.slice(0, at) + script + html.slice(at);
}
