/**
 * Every diagnostic code docs-gen and its built-ins produce, with the severity it has and the
 * template its message follows (`{name}` marks a part that varies). One place to read what a
 * code means; `tests/integration/diagnostics-catalogue.test.ts` holds that each is produced by a
 * test. A third-party plugin's own codes are namespaced: `acme:stale-feed`.
 */
export const DIAGNOSTIC_CODES = {
  // config
  'config-syntax': { severity: 'error', template: '{esbuild message}' },
  'config-load': { severity: 'error', template: 'The config has no default export (use `export default defineConfig({...})`)' },
  'config-unknown-key': { severity: 'error', template: 'Unknown config key `{keyPath}`' },
  'config-invalid': { severity: 'error', template: 'Invalid config value at `{keyPath}`: {reason}' },
  'content-missing': { severity: 'error', template: 'No content folder: {contentDir}/ does not exist in {root}' },
  'island-missing': { severity: 'error', template: 'Island {name}: {path} does not exist' },
  'nextra-config-unmapped': { severity: 'warning', template: '{file}: not carried over to docs-gen (no equivalent): {options}' },
  // plugins
  'plugin-unknown-key': { severity: 'error', template: 'Plugin {plugin} has an unknown key `{key}`' },
  'plugin-duplicate': { severity: 'error', template: 'Two plugins are named {plugin}' },
  'plugin-internal': { severity: 'error', template: 'Internal error in plugin {plugin} during hook {hook}: {reason}' },
  'duplicate-route': { severity: 'error', template: 'Route {route} comes from both {first} and {second}' },
  'route-collision': { severity: 'error', template: 'Route {route} differs from the route of {other} only in letter case or Unicode normalisation; on a case-insensitive or normalising file system one would overwrite the other' },
  'evaluation-timeout': { severity: 'error', template: '{what} did not finish {loading or rendering} within {ms} ms: is there an endless loop in {where}?' },
  // pages
  'front-matter-unclosed': { severity: 'error', template: 'Front matter starts with --- but never ends with a --- line' },
  'front-matter-yaml': { severity: 'error', template: 'Invalid front matter YAML: {reason}' },
  'front-matter-invalid': { severity: 'error', template: 'Front matter `{key}` must be {expected}' },
  'mdx-syntax': { severity: 'error', template: 'MDX syntax error: {reason}' },
  'mdx-import': { severity: 'error', template: "Cannot bundle the page's imports: {reason}" },
  'module-bundle': { severity: 'error', template: 'Cannot bundle {module}: {reason}' },
  'math-syntax': { severity: 'error', template: 'TeX error: {reason}' },
  'component-props': { severity: 'error', template: '{component} {reason}' },
  'render-failed': { severity: 'error', template: 'Rendering {route} failed: {reason}' },
  // _meta
  'meta-syntax': { severity: 'error', template: 'Invalid JSON in _meta file: {reason}' },
  'meta-invalid': { severity: 'error', template: '{reason} at `{keyPath}`' },
  'meta-ignored': { severity: 'warning', template: '{file} {is for a locale the config does not list, or: is ignored because another _meta file beside it is used}' },
  'meta-unsafe-href': { severity: 'error', template: 'Unsafe link {href} at `{keyPath}`: a _meta href must be an http(s) or mailto URL or a path' },
  'meta-unknown-entry': { severity: 'error', template: '_meta entry `{name}` matches no page or folder in {folder}' },
  // images and Rel outputs
  'missing-image': { severity: 'error', template: 'Image {url} was not found and must be added to {publicDir}{path}' },
  'image-unreadable': { severity: 'error', template: 'Image {url} could not be {read or converted}: {reason}' },
  'image-outside-site': { severity: 'error', template: 'Image {url} is outside the site folder: an image named relative to its page must be inside the site' },
  'rel-output-invalid': { severity: 'error', template: 'Failed to parse {file}.json due to {reason}.' },
  'rel-output-missing': { severity: 'error', template: 'Rel output {src} was not found: {where}' },
  'rel-output-orphan': { severity: 'warning', template: '{file} is beside no page: {name}.outputs/ needs a page named {name}' },
  // check
  'broken-link': { severity: 'error', template: 'broken link {url} — no page at {route}' },
  'broken-anchor': { severity: 'error', template: 'broken anchor {url} — no heading with id "{id}" on {route}' },
  'broken-meta-link': { severity: 'error', template: 'broken _meta link {href} (entry "{name}") — no page at {route}' },
  'broken-external-link': { severity: 'error', template: 'broken external link {url} — {why}' },
  'unreachable-page': { severity: 'error', template: 'page {route} is unreachable — no sidebar or navbar entry leads to it, and no reachable page links to it' },
  // commands
  'listen-failed': { severity: 'error', template: 'Cannot listen: {why}' },
  'preview-no-output': { severity: 'error', template: 'Nothing to preview: {outDir} holds no built site' },
  // symbolic links in public/ (copied by a build, served by dev and preview)
  'symlink-outside': { severity: 'warning', template: '{file} is a symbolic link to {target}, outside {folder}/: not {copied or served}' },
  'symlink-broken': { severity: 'warning', template: '{file} is a symbolic link to {target}, which does not exist: not {copied or served}' },
  'symlink-content': { severity: 'warning', template: '{file} is a symbolic link: pages are read from regular files only, so it is not built' },
  'symlink-cycle': { severity: 'warning', template: '{file} is a symbolic link to {target}, a folder that contains the link (a cycle): not {copied or served}' },
  'read-failed': { severity: 'error', template: 'Cannot read {path}: {reason} ({errno})' },
  'write-failed': { severity: 'error', template: 'Cannot write {path}: {reason} ({errno})' },
  internal: { severity: 'error', template: 'internal error: {reason}' },
} as const satisfies Record<string, { severity: 'error' | 'warning'; template: string }>;

/** A code of docs-gen or a built-in. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/** A third-party plugin's own code: namespaced by the plugin, `acme:stale-feed`. */
export type PluginDiagnosticCode = `${string}:${string}`;

/** Whether `code` is one of docs-gen's own. */
export const isDiagnosticCode = (code: string): code is DiagnosticCode => Object.hasOwn(DIAGNOSTIC_CODES, code);
