// A reporter that only starts the Rel site's build (tests/rel-site-once.ts) in vitest's own
// process as the run begins, when a file of the run reads the site. Without it the build began
// when the first such file did, after the unit files, and the first files that read the site
// waited on it; begun here, it runs beside the unit files and is done before they are. The files
// still ask for the site as before and wait for this build through its markers. A run given
// other reporters on the command line (`--reporter=json` alone) leaves it to the first file.
import { readFileSync } from 'node:fs';
import type { Reporter, TestSpecification } from 'vitest/node';
import { buildOrWait, relSiteDir } from './rel-site-once.ts';
import { RUN_DIR_VARIABLE } from './global-setup.ts';

/** How a test file asks for the Rel site: tests/rel-site-once.ts itself, or the browser helper with the repository root. */
const READS_THE_REL_SITE = /relSiteBuiltOnce\(|useBuiltSite\(repoRoot\)/;

export default class RelSiteEarly implements Reporter {
  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    const runDir = process.env[RUN_DIR_VARIABLE];
    if (!runDir || !specifications.some((specification) => READS_THE_REL_SITE.test(readFileSync(specification.moduleId, 'utf8')))) return;
    // A failure is written where the files look for it (the `failed` marker), and each reports it.
    buildOrWait(relSiteDir(runDir)).catch(() => undefined);
  }
}
