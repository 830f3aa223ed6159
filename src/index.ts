/**
 * The public API of docs-gen: what a site's config and a third-party plugin import.
 * Kept free of heavy imports: the config bundler inlines this file.
 */
import type { UserConfig } from './config/schema.ts';
import type { Plugin } from './pipeline/plugin.ts';

/** Types the config object; returns it unchanged. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}

/** Types a plugin factory; returns it unchanged. */
export function definePlugin<Options = void, Content = unknown>(
  factory: (options: Options) => Plugin<Content>,
): (options: Options) => Plugin<Content> {
  return factory;
}

export type { UserConfig, ResolvedConfig } from './config/schema.ts';
export type * from './pipeline/plugin.ts';
export type * from './shared/types.ts';
export type { Diagnostic, DiagnosticCode, PluginDiagnosticCode } from './diagnostics/diagnostic.ts';
export { DIAGNOSTIC_CODES } from './diagnostics/codes.ts';

export { contentRoute, folderRouteOf, localizedRoute, titleFromName } from './content/content-route.ts';
export { DiagnosticError, isDiagnosticError, positionAt } from './diagnostics/diagnostic.ts';
export { isNavigable, SPECIAL_PAGES, type SpecialPageRule } from './shared/special-pages.ts';
export { withLocaleFallbacks, type PageCopy } from './shared/locale-fallback.ts';
export { fillTemplate, uiStrings, type UiStrings } from './shared/ui-strings.ts';
export { DEFAULT_THEME, resolveTheme } from './shared/theme-options.ts';
export { documentTitle, pageTitle } from './shared/page-title.ts';
export { SourcePositionCollector, originalPosition } from './diagnostics/source-positions.ts';
export { workerModuleUrl } from './pipeline/worker-module-url.ts';
export { sharedReact, sharedReactUrl } from './pipeline/shared-react.ts';
export { importModuleFile, siteInputFiles } from './util/import-module.ts';
export { siteModuleFiles } from './pipeline/runnable-module.ts';
export { cacheFileNames, cacheFilePath, dropCacheFileEntry, mergeCacheFiles, noteCacheFileUsed, readCacheEntry, readCacheEntrySync, readCacheFileHeader, readCacheFileHeaderAt, readCacheFilePayload, readCacheFilePayloadRange, readPayloadPart, payloadPart, refreshCacheFiles, writeCacheEntry, writeCacheFile, writeHeaderedCacheFile, type HeaderedFile, type PayloadPart } from './util/cache-entry.ts';
export type { PackedEntry } from './util/cache-packs.ts';
export { compiledKeyOf, lazyCompiledPage, noteCompiledKey } from './build/compiled-keys.ts';
export { carrySections, defineLazySections, outlineOf, sectionsAsJson, sectionsDigest, sectionsSummary, withSections, type SectionOutline } from './build/lazy-sections.ts';
export { toolBuildId } from './util/tool-build-id.ts';
export { siblingModuleText } from './util/sibling-module-text.ts';
export { isPlainData, SchemaVerdicts } from './util/schema-verdicts.ts';
export { EventLoopTurns } from './util/event-loop-turns.ts';
export { EncodingArena } from './util/encoding-arena.ts';
export { throwFirstRejection } from './util/first-rejection.ts';
export { lockFilesDigest } from './util/package-files.ts';
export { writeAtomically } from './util/write-atomically.ts';
export { loadSharp } from './util/load-sharp.ts';
export { currentFolder } from './util/current-folder.ts';
export { direntPath } from './util/dirent-path.ts';
export { RACY_MARGIN_MS } from './util/racy-margin.ts';
export { sourceIndexFile } from './util/content-pages.ts';
export { isInside, realPathInside } from './util/contained-path.ts';
export { resolveLink, isExternalHref, type ResolvedLink } from './shared/resolve-link.ts';
export { EXTERNAL_LINK_ATTRIBUTES, IMAGE_LOADING_ATTRIBUTES } from './shared/theme-attributes.ts';
export { hrefScheme, isSafeHref, safeHref, SAFE_HREF_SCHEMES } from './shared/safe-href.ts';
export { escapeHtml } from './shared/escape-html.ts';
export { assetHref, encodeRoute, pageHref, routeHref, type PageLinkContext } from './shared/page-href.ts';
export { DEFAULT_REL_OUTPUT_PATH, PAGE_IMAGE_PREFIX, relativeImageFile, resolveImagePath, resolveRelOutputSrc, sourceFolderOf, type ImagePathContext, type RelOutputTarget } from './shared/asset-paths.ts';
export {
  hiddenRoutes,
  parseSectionKey,
  relOutputText,
  searchDataEntry,
  searchDataPath,
  searchDataUrl,
  searchDocument,
  searchDocumentOutline,
  searchDocumentKey,
  sectionKey,
  serializeSearchData,
  topLevelCategory,
  type SearchData,
  type SearchDocument,
  type TextSection,
} from './shared/search-index-format.ts';
export {
  searchHeadPath,
  searchTextPartName,
  splitSearchData,
  splitSearchOutline,
  TEXT_PART_BYTES,
  type SearchHead,
  type SearchHeadPage,
  type SearchTextPart,
  type SearchOutlinePage,
  type SearchPartSpan,
} from './shared/search-parts.ts';
