/**
 * `nextra-theme-docs` (Nextra 2 and 3) as far as pages use it: the built-in components and
 * `useConfig`; the theme itself is docs-gen's.
 */
export { Bleed, Callout, Card, Cards, Collapse, FileTree, Steps, Tab, Tabs } from './components.tsx';
export { useConfig } from './nextra.ts';
export { default as Link } from './next-link.tsx';

/** `useTheme()` (next-themes): the colour scheme is set in the browser; the server renders the system default. */
export function useTheme(): { theme: string; resolvedTheme: string; setTheme: (theme: string) => void } {
  return { theme: 'system', resolvedTheme: 'light', setTheme: () => {} };
}
