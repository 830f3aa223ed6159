import { createRequire } from 'node:module';

type Sharp = (typeof import('sharp'))['default'];

const requireHere = createRequire(import.meta.url);

/**
 * sharp, as its CommonJS build: the same package and version as its ES modules, but in a fresh
 * process it loads in 65–95 ms and 80–115 CPU ms, against 115–160 ms and 180–260 CPU ms imported
 * as ES modules (each of its own and semver's modules through the ES loader). Every caller takes
 * it from here, so that a process never loads both builds. Throws as `require` does when sharp
 * cannot load (no binding for this platform).
 */
export const loadSharp = (): Sharp => requireHere('sharp') as Sharp;
