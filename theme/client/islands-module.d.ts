/** Generated at build time from the config's `islands` (src/build/islands.ts). */
declare module 'docs-gen:islands' {
  import type { ComponentType } from 'react';
  export const islands: Record<string, () => Promise<{ default: ComponentType<Record<string, unknown>> }>>;
}
