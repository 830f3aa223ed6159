import { workerModuleUrl, type Plugin } from 'docs-gen';

export const THEME_COMPONENTS = 'docs-gen:theme-components';

/**
 * The theme's own MDX components, available in every page without an import. Registered with
 * `mdxComponents`, exactly as a third-party plugin adds one; a later plugin may replace them.
 */
export default function themeComponents(): Plugin {
  const module = workerModuleUrl(import.meta.url, '../../theme/mdx/registered.js');
  return {
    name: THEME_COMPONENTS,
    mdxComponents: {
      Alert: { module, exportName: 'Alert' },
      DocImage: { module, exportName: 'DocImage' },
      RelOutput: { module, exportName: 'RelOutput' },
    },
  };
}
