import type { ReactNode } from 'react';

/**
 * `next/head`: the theme writes the document's `<head>` (title, description, Open Graph) from front
 * matter; what a page adds here is not carried over, and the migration summary says so.
 */
export default function Head(_props: { children?: ReactNode }) {
  return null;
}
