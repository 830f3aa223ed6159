/**
 * What the theme gives every link to another site and every image of a page, whichever way the
 * page was made: the theme's MDX components (`theme/mdx/components.tsx`, `DocImage.tsx`), the
 * `.md` renderer and the HTML of an `.mdx` page of Markdown alone (the content loader). A content
 * source that writes its own HTML adds the same.
 */

/** A link to another site opens in a new tab, without telling that site where the reader came from. */
export const EXTERNAL_LINK_ATTRIBUTES = { target: '_blank', rel: 'noreferrer' } as const;

/** An image loads when it nears the viewport and is decoded off the main thread. */
export const IMAGE_LOADING_ATTRIBUTES = { loading: 'lazy', decoding: 'async' } as const;
