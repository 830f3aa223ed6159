/**
 * Git's "racily clean" rule: mtimes are whole seconds on some file systems (2 s on FAT), so two
 * saves in one tick with the same size have the same size and mtime. A file stamped no earlier
 * than this before its stat may change again unseen by its stamp: dev stamps such a file with its
 * text's hash as well (`stampOf`), and the content loader's source index does not record it.
 */
export const RACY_MARGIN_MS = 2000;
