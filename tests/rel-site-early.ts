// A reporter that only starts the Rel site's build (tests/rel-site-once.ts) in vitest's own
// process as the run begins, when a file of the run reads the site. Without it the build began
// when the first such file did, after the unit files, and the first files that read the site
// waited on it; begun here, it runs beside the unit files and is done before they are. The files
// still ask for the site as before and wait for this build through its markers. A run given
// other reporters on the command line (`--reporter=json` alone), or a test name pattern (`-t`,
// which may leave out every test that reads the site), leaves it to the first file that asks.
import { readFileSync } from 'node:fs';
import type { Reporter, TestSpecification, Vitest } from 'vitest/node';
import { finishBeforeTheRunDirGoes, testRunDir } from './global-setup.ts';

/** How a test file asks for the Rel site: tests/rel-site-once.ts itself, or the browser helper with the repository root. */
const READS_THE_REL_SITE = /relSiteBuiltOnce\(|useBuiltSite\(repoRoot\)/;

export default class RelSiteEarly implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    if (this.vitest?.config.testNamePattern) return;
    if (!specifications.some((specification) => READS_THE_REL_SITE.test(readFileSync(specification.moduleId, 'utf8')))) return;
    // This runs before the projects' setups: the run's folder is made here when it is not yet.
    const runDir = testRunDir();
    // Imported here, not above: the build's modules are loaded into vitest's process only by a
    // run that builds the site. A failure is written where the files look for it (the `failed`
    // marker), and each of them reports it.
    const building = import('./rel-site-once.ts').then(({ buildOrWait, relSiteDir }) => buildOrWait(relSiteDir(runDir)));
    finishBeforeTheRunDirGoes(building);
  }
}
