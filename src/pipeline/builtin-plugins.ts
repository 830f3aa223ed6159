import type { Plugin } from './plugin.ts';
import contentLoader from '../../plugins/content-loader/index.ts';
import pageMap from '../../plugins/page-map/index.ts';
import searchIndex from '../../plugins/search-index/index.ts';
import imageSize from '../../plugins/image-size/index.ts';
import relOutput from '../../plugins/rel-output/index.ts';
import themeComponents from '../../plugins/theme-components/index.ts';
import nextraCompat from '../../plugins/nextra-compat/index.ts';
import { CONTENT_COMPILER_MODULE } from './content-compiler-module.ts';

/**
 * The built-ins, in run order: the one file in `src/` that names them. Each is written against
 * the public API only (`docs-gen`), like any third-party plugin; the config's own plugins run
 * after them (`order: 'pre'` ones before).
 */
export function builtinPlugins(): Plugin[] {
  return [themeComponents(), nextraCompat(), contentLoader(), pageMap(), imageSize(), relOutput(), searchIndex()] as Plugin[];
}

export { CONTENT_COMPILER_MODULE };

/**
 * Worker modules dev imports in its workers as it starts (`dist/`-relative): the workers start
 * while the main thread reads the config and the pages, and the renderer (React, the theme) is
 * loaded before the first page's render rather than during it.
 */
export const BUILTIN_WORKER_MODULES = [CONTENT_COMPILER_MODULE, 'src/build/render-worker.js'];
