import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';

/** The images plugin's dev endpoint for `/_next/image` (plugins/image-size/image-endpoint.ts). */
export type ImageRequestHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  options: { root: string; publicDir: string; basePath?: string },
) => Promise<boolean>;

// Beside this module: the built `.js` in dist/, the `.ts` source under vitest.
const CANDIDATES = ['../../plugins/image-size/image-endpoint.js', '../../plugins/image-size/image-endpoint.ts'].map((p) => new URL(p, import.meta.url));

let loaded: Promise<ImageRequestHandler | undefined> | undefined;

/**
 * The `/_next/image` handler, when the images plugin provides one; undefined otherwise
 * (dev then answers 404). Looked for again on each call until found.
 */
export function loadImageEndpoint(): Promise<ImageRequestHandler | undefined> {
  if (loaded) return loaded;
  const url = CANDIDATES.find((candidate) => existsSync(fileURLToPath(candidate)));
  if (!url) return Promise.resolve(undefined);
  loaded = import(url.href).then(
    (module: { handleImageRequest?: ImageRequestHandler }) => module.handleImageRequest,
    () => undefined,
  );
  return loaded;
}
