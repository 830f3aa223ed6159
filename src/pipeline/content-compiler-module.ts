/**
 * The content loader's compile task module (`dist/`-relative); dev also runs its `warmUpCompiler`
 * once it knows the site's page formats. A module of its own so that the CLI's shim can name it
 * without loading the built-in plugins (`pool-ahead.ts`).
 */
export const CONTENT_COMPILER_MODULE = 'plugins/content-loader/compile-page.js';
