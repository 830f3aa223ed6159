import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './helpers.ts';

/** The `file:` URL of a file of dist/vendor/, by its path there. */
export const vendorUrl = (path: string): string => pathToFileURL(join(repoRoot, 'dist', 'vendor', path)).href;

const VENDOR_DIR = `${vendorUrl('.')}/`;
/** dist/vendor/'s files (relative to it) and the packages each holds, as `npm run build:tool` bundled them. */
const packagesOfFiles = JSON.parse(readFileSync(join(repoRoot, 'dist', 'vendor', 'packages.json'), 'utf8')) as Record<string, string[]>;

/** The packages a loaded module of dist/vendor/ holds: an entry's, or those of a chunk several share (micromark is in one). */
export const vendoredPackagesIn = (url: string): string[] => (url.startsWith(VENDOR_DIR) ? (packagesOfFiles[url.slice(VENDOR_DIR.length)] ?? []) : []);

/** Whether the URL is of the package: in node_modules, or a file of dist/vendor/ that holds it (its entry, or a chunk). */
export const isOfPackage = (url: string, name: string): boolean => url.includes(`/node_modules/${name}/`) || url === vendorUrl(`${name}.js`) || vendoredPackagesIn(url).includes(name);
