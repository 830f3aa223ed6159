import { copyFile, mkdir, readdir, readlink, realpath, stat } from 'node:fs/promises';
import { join, relative, resolve, dirname } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { formatDiagnostic } from '../diagnostics/format.ts';
import { isInside } from './contained-path.ts';

/**
 * The one policy for symbolic links, in build, dev and preview: a link whose target is inside
 * the folder it sits in (public/, or the output folder preview serves) is followed — copied as
 * a regular file by the build, served by dev and preview. A link that leads outside the folder,
 * that leads nowhere, or that leads back to a folder containing it (a cycle) is refused, with a
 * warning naming the link and its target. Nothing outside the site's folders ever reaches
 * `out/` or a browser.
 */

export type RefusedLinkReason = 'outside' | 'broken' | 'cycle';

/** The warning for one refused link; `file` and `target` as the reader should see them (relative to the site). */
export function refusedLinkWarning(link: { file: string; target: string; folder: string; reason: RefusedLinkReason }, action: 'copied' | 'served'): Diagnostic {
  const { file, target, folder, reason } = link;
  const why = reason === 'outside' ? `outside ${folder}/` : reason === 'broken' ? 'which does not exist' : `a folder that contains the link (a cycle)`;
  return {
    severity: 'warning',
    code: `symlink-${reason}`,
    message: `${file} is a symbolic link to ${target}, ${why}: not ${action}`,
    file,
    target,
    hint: reason === 'outside' ? `copy the file into ${folder}/, or link to a file inside it` : undefined,
  };
}

/** A refused link as dev and preview meet it: absolute paths of the link, its real target and the folder served. */
export interface RefusedLink {
  file: string;
  target: string;
  folder: string;
}

/** Prints the warning for each link dev or preview refuses, once per link however often it is asked for. */
export function warnOncePerLink(root: string, print: (text: string) => void): (link: RefusedLink) => void {
  const warned = new Set<string>();
  const shown = (path: string) => (isInside(root, path) ? relative(root, path) || '.' : path);
  return ({ file, target, folder }) => {
    const key = `${file}\0${target}`;
    if (warned.has(key)) return;
    warned.add(key);
    print(formatDiagnostic(refusedLinkWarning({ file: shown(file), target: shown(target), folder: shown(folder), reason: 'outside' }, 'served')));
  };
}

/**
 * Asked before a build copies a file into its staging folder (its path there, relative, and the
 * file it would copy): true leaves it uncopied, since the output folder holds it alike and the
 * build updates that folder in place (`ReusingOutputWriter.keepCopiedFile`).
 */
export type KeepsCopy = (path: string, source: string) => boolean;

/**
 * Copies `from` into `to` following the policy: regular files and folders as they are, links
 * inside `from` as regular files (folders walked), every other link refused with a warning.
 * `root` is the site folder the warnings' paths are relative to. `madeFolders`, when given,
 * gets each folder the copy made or went into inside `to` (relative, `/`-separated): a build
 * keeps those even when no page ends up in them, as a build from nothing has them. `keeps`,
 * when given, is asked before each file is copied: a file it answers true for is not copied.
 */
export async function copyFolderWithoutLinksOut(from: string, to: string, root: string, madeFolders?: Set<string>, keeps?: KeepsCopy): Promise<Diagnostic[]> {
  const base = await realpath(from);
  const folderName = relative(root, from) || '.';
  const warnings: Diagnostic[] = [];
  const refuse = async (path: string, reason: RefusedLinkReason) => {
    const target = await readlink(path).then((t) => resolve(dirname(path), t));
    const shown = (p: string) => (isInside(root, p) ? relative(root, p) : p);
    const warning = refusedLinkWarning({ file: relative(root, path), target: shown(target), folder: folderName, reason }, 'copied');
    // A folder reached twice (itself and through a link to it) names its links once.
    if (!warnings.some((w) => w.file === warning.file && w.target === warning.target)) warnings.push(warning);
  };
  const copyUnlessKept = async (source: string, target: string) => {
    if (!keeps?.(relative(to, target), source)) await copyFile(source, target);
  };
  // `ancestors`: real paths of the folders being walked, to recognise a link back to one of them.
  const walk = async (source: string, destination: string, ancestors: string[]): Promise<void> => {
    await mkdir(destination, { recursive: true });
    const made = relative(to, destination).split('\\').join('/');
    if (made) madeFolders?.add(made);
    for (const entry of await readdir(source, { withFileTypes: true })) {
      const path = join(source, entry.name);
      const target = join(destination, entry.name);
      if (entry.isDirectory()) {
        await walk(path, target, [...ancestors, await realpath(path)]);
      } else if (entry.isFile()) {
        await copyUnlessKept(path, target);
      } else if (entry.isSymbolicLink()) {
        const real = await realpath(path).catch(() => undefined);
        if (!real) await refuse(path, 'broken');
        else if (!isInside(base, real)) await refuse(path, 'outside');
        else if ((await stat(real)).isDirectory()) {
          if (ancestors.some((folder) => isInside(real, folder))) await refuse(path, 'cycle');
          else await walk(real, target, [...ancestors, real]);
        } else await copyUnlessKept(real, target);
      }
      // Sockets, FIFOs and devices are not site files: skipped, as before.
    }
  };
  await walk(from, to, [base]);
  return warnings;
}
