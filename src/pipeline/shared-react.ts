import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin as EsbuildPlugin } from 'esbuild';
import { toolRoot } from '../util/tool-root.ts';

/** `react`, `react-dom` and their subpaths (`react/jsx-runtime`, `react-dom/server`, …). */
const REACT_SPECIFIER = /^react(?:-dom)?(?:\/.*)?$/;

let requireFromTool: NodeRequire | undefined;

/**
 * The `file:` URL of docs-gen's own copy of a React module. A page bundled into
 * `.docs-gen-cache/` and left with a bare `react` import would find the site's own React
 * (a Nextra site installs React 18) first, and hooks then run against a second React that the
 * renderer never set up (`Cannot read properties of null (reading 'useRef')`).
 */
export function sharedReactUrl(specifier: string): string {
  requireFromTool ??= createRequire(join(toolRoot(), 'package.json'));
  return pathToFileURL(requireFromTool.resolve(specifier)).href;
}

/** esbuild plugin: every React import of a bundle is the renderer's React, by absolute URL, never bundled. */
export const sharedReact: EsbuildPlugin = {
  name: 'docs-gen-shared-react',
  setup(b) {
    b.onResolve({ filter: REACT_SPECIFIER }, (args) => ({ path: sharedReactUrl(args.path), external: true }));
  },
};
