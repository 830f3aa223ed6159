// Clearing a site's last build before a timed cold run, without deleting anything while the bench runs.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A folder the bench moves each cleared build into (a rename: no file is freed), removed whole
 * when the bench ends (`removeGraveyard`). On ext4 without a journal, as on this project's bench
 * machine, the kernel's inode allocator passes over inodes freed recently (`recently_deleted` in
 * `find_inode_bit`), looking each one up as it goes, for minutes after they were freed: after an
 * `rm -rf` of the last cold build (some 8000 files and 2000 folders at 2000 pages) each next build's
 * creates were slower, 3.7 → 8.1 s of system time over four runs, against a steady 1.3–1.9 s with
 * the builds moved aside (bench/README.md, "Cold builds after a deletion"). A site's own cold build (a fresh clone, a CI
 * machine) follows no such deletion, and the bench's deletions were a cost of the bench, charged
 * to whichever tool ran next and most to the one that makes the most files.
 */
export function makeGraveyard(dir) {
  const graveyard = join(dir, 'graveyard');
  let buried = 0;
  return {
    /** Moves `path` into the graveyard; removes it where it cannot be moved (another file system). */
    bury(path) {
      if (!existsSync(path)) return;
      mkdirSync(graveyard, { recursive: true });
      try {
        renameSync(path, join(graveyard, String(buried++)));
      } catch {
        rmSync(path, { recursive: true, force: true });
      }
    },
    path: graveyard,
  };
}

/** Removes the graveyard's contents: once the bench's timed runs are over. */
export function removeGraveyard(graveyard) {
  rmSync(graveyard.path, { recursive: true, force: true });
}
