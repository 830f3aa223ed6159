import type { Plugin } from './plugin.ts';
import contentLoader from '../../plugins/content-loader/index.ts';
import pageMap from '../../plugins/page-map/index.ts';
import searchIndex from '../../plugins/search-index/index.ts';
import imageSize from '../../plugins/image-size/index.ts';
import relOutput from '../../plugins/rel-output/index.ts';

/**
 * The built-ins, in run order. Each is written against the public API only (`docs-gen`),
 * like any third-party plugin; the config's own plugins run after them.
 */
export function builtinPlugins(): Plugin[] {
  return [contentLoader(), pageMap(), imageSize(), relOutput(), searchIndex()] as Plugin[];
}
