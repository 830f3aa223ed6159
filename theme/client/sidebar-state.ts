/**
 * What the sidebar remembers between pages, and where. The seed names no key for it, so the
 * keys are ours. The collapsed sidebar is kept for good (like the theme); which folders the
 * reader opened and where the sidebar was scrolled, for the tab's session.
 */

/** localStorage: `'1'` while the reader keeps the sidebar collapsed (desktop). */
export const SIDEBAR_COLLAPSED_KEY = 'docs-gen:sidebar-collapsed';
/** sessionStorage: folders the reader opened or closed, `{ [route]: open }`. */
export const SIDEBAR_FOLDERS_KEY = 'docs-gen:sidebar-folders';
/** sessionStorage: where the link the reader followed sat in the sidebar's view, `{ href, top }`. */
export const SIDEBAR_SCROLL_KEY = 'docs-gen:sidebar-scroll';
/** The class on `<html>` that collapses the sidebar; the head script sets it before first paint. */
export const SIDEBAR_COLLAPSED_CLASS = 'sidebar-collapsed';
