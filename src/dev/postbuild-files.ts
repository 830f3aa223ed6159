import { readFile, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { outputRelativePath } from '../pipeline/output-files.ts';
import type { OutputFiles } from '../pipeline/plugin.ts';
import { isInside } from '../util/contained-path.ts';
import { writeAtomically } from '../util/write-atomically.ts';

/**
 * The files dev's `postBuild` runs wrote into its output folder. A build's output starts empty;
 * dev's lives on between runs and sessions, so a file a run does not write again (a removed
 * page's `<route>.md`, a locale's llms files once the locale is gone) stayed there and was
 * served, where the built site has none. Each run's paths are recorded through the
 * `OutputFiles` its hooks write with; once a run's hooks all succeed, the files the run before
 * wrote and this one did not are removed. The list is kept in the cache folder (never served),
 * so a restart removes what the last session left. A hook that writes a file itself, not
 * through `output`, owns it: it is neither recorded nor removed.
 */
export class PostBuildFiles {
  /** The last run's paths; undefined until the list kept by an earlier session is read. */
  private previous: Set<string> | undefined;

  private readonly outDir: string;

  constructor(
    outDir: string,
    /** Where the list is kept between sessions: outside `outDir`, which dev serves. */
    private readonly listFile: string,
  ) {
    this.outDir = resolve(outDir);
  }

  /** `output`, adding each path written through it to `written` (as `outputRelativePath` spells it: `a/../b` is `b`, no leading slash). */
  recording(output: OutputFiles, written: Set<string>): OutputFiles {
    const note = (path: string) => {
      try {
        written.add(outputRelativePath(path));
      } catch {
        // A path out of the folder: the writer refuses it, and nothing is written to remove later.
      }
    };
    return {
      write: (path, contents) => {
        note(path);
        return output.write(path, contents);
      },
      writePieces: (path, pieces) => {
        note(path);
        return output.writePieces(path, pieces);
      },
    };
  }

  /**
   * After a run: when `succeeded`, removes the files the run before wrote that this one did not
   * and keeps this run's list. A failed hook may not have written its files again, so after a
   * failure nothing is removed, and the next run weighs what both wrote; the list is kept then
   * too, so a session that ends before a good run leaves the next one what the failed run wrote.
   */
  async settle(written: ReadonlySet<string>, succeeded: boolean): Promise<void> {
    const previous = this.previous ?? (await this.readList());
    if (!succeeded) {
      this.previous = new Set([...previous, ...written]);
      if (this.previous.size !== previous.size) await this.keepList();
      return;
    }
    const gone = [...previous].filter((path) => !written.has(path));
    for (const path of gone) {
      const file = resolve(this.outDir, path);
      // A path out of the folder (in a list an older docs-gen kept, whose writer wrote `../x` there) is not removed from there.
      if (isInside(this.outDir, file) && file !== this.outDir) await rm(file, { force: true });
    }
    this.previous = new Set(written);
    if (gone.length || written.size !== previous.size) await this.keepList();
  }

  private async readList(): Promise<Set<string>> {
    try {
      const list: unknown = JSON.parse(await readFile(this.listFile, 'utf8'));
      if (Array.isArray(list)) return new Set(list.filter((path): path is string => typeof path === 'string'));
    } catch {
      // No list yet (a first session), or an unreadable one: nothing to remove.
    }
    return new Set();
  }

  private async keepList(): Promise<void> {
    try {
      await writeAtomically(this.listFile, JSON.stringify([...(this.previous ?? [])].sort()));
    } catch {
      // A cache folder that cannot be written costs the next session its clean-up, nothing more.
    }
  }
}
