import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

/**
 * Why dev refuses a request, or undefined when it may be answered. Every dev endpoint reads the
 * writer's files (pages, public/, `/_next/image`, the live-reload socket's error texts), and a
 * browser lets any open website send requests to 127.0.0.1. So:
 *
 * - `Host` must name this machine (`localhost`, `*.localhost`, an IP address, or the `--host`
 *   dev listens on). A DNS-rebinding attack reaches 127.0.0.1 under the attacker's own name,
 *   which the browser puts in `Host`; no rebinding attack can use an IP literal.
 * - `Origin`, when sent, must be this server as the request addressed it (`http://<Host>`).
 *   `null` (a sandboxed frame, a `file:` page) is another site too.
 * - `Sec-Fetch-Site`, when sent, must be `same-origin` or `none` (typed, bookmarked), except for
 *   a top-level navigation (`navigate` to a `document`): a link from elsewhere still opens the
 *   page, and the page that linked can read nothing of it. An `<img>`, `<script>` or `fetch`
 *   from another site is refused, so it cannot learn whether or what a file is.
 */
export function crossOriginRefusal(headers: IncomingHttpHeaders, ownHost: string): string | undefined {
  const host = headers.host;
  if (host !== undefined) {
    const hostname = hostnameOf(host);
    if (hostname === undefined || !isLocalName(hostname, ownHost)) return `Host ${host} is not this machine`;
  }
  const origin = headers.origin;
  if (origin !== undefined && (host === undefined || origin.toLowerCase() !== `http://${host.toLowerCase()}`)) return `Origin ${origin} is another site`;
  const site = headerValue(headers['sec-fetch-site']);
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    const navigation = headerValue(headers['sec-fetch-mode']) === 'navigate' && headerValue(headers['sec-fetch-dest']) === 'document';
    if (!navigation) return `a ${site} request (Sec-Fetch-Site) from another page`;
  }
  return undefined;
}

/** The text dev answers a refused request with (status 403). */
export function refusalText(reason: string): string {
  return `docs-gen dev refused this request: ${reason}. dev answers only pages on this machine's own address (http://127.0.0.1:<port>, http://localhost:<port>).\n`;
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.toLowerCase();

function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function isLocalName(hostname: string, ownHost: string): boolean {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (isIP(bare)) return true;
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  return hostname === ownHost.toLowerCase();
}
