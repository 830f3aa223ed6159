/**
 * Where a build's time went, stage by stage and plugin hook by plugin hook: `docs-gen build
 * --timings` prints it after the summary (`formatTimings`). A site whose build is slow is most
 * often slow in one plugin's hook or one stage, and a writer should not need a profiler to learn
 * which (Docusaurus grew `DOCUSAURUS_PERF_LOGGER` for this; Hugo has `--templateMetrics`).
 * Recorded on every build (a dozen clock readings), printed only when asked.
 */

import type { HookTimer, TimedHook } from '../pipeline/run-plugins.ts';

/** A stage of the build: what it did, how long it took, and what it counts (pages rendered, …). */
export interface StageTiming {
  stage: string;
  ms: number;
  detail?: string;
}

/** One plugin hook's run, from its call to its end. Hooks of one kind may run at once (`loadContent`, `postBuild`): each is timed alone, and they overlap. */
export interface HookTiming {
  plugin: string;
  hook: TimedHook;
  ms: number;
}

export interface Timings {
  stages: StageTiming[];
  hooks: HookTiming[];
}

/** Records stages one after another, each ending where the next begins. The clock is injected: tests read a fake one. */
export class BuildTimings implements Timings {
  readonly stages: StageTiming[] = [];
  readonly hooks: HookTiming[] = [];
  private stageStart: number;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.stageStart = now();
  }

  /** Ends the stage that began at the last call (or at the start), under `stage`. */
  endStage(stage: string, detail?: string): void {
    const end = this.now();
    this.stages.push({ stage, ms: end - this.stageStart, ...(detail ? { detail } : {}) });
    this.stageStart = end;
  }

  /** Runs a plugin's hook and records how long it took, whether it succeeded or threw. */
  readonly timeHook: HookTimer = async (plugin, hook, run) => {
    const start = this.now();
    try {
      return await run();
    } finally {
      this.hooks.push({ plugin, hook, ms: this.now() - start });
    }
  };
}

/** The widest a line of hook runs gets before it wraps: an 80-column terminal would wrap most of them anyway, and a wide one reads them whole. */
const WRAP_AT = 100;

/** A duration as the table prints it: whole milliseconds, at least 0. */
const millis = (ms: number) => `${Math.max(0, Math.round(ms))} ms`;

/**
 * The lines `--timings` prints: each stage with its time and what it counted, and under the
 * stages that run plugin hooks, each kind of hook's runs, the slowest first. `loadContent` and
 * `postBuild` hooks run at once, so each one's time spans the turns the others took meanwhile;
 * `contentLoaded` hooks run in turn, and their times add up.
 */
export function formatTimings(timings: Timings): string[] {
  // The total is the widest figure: the column is as wide as it.
  const total = millis(timings.stages.reduce((sum, s) => sum + s.ms, 0));
  const width = total.length;
  const indent = `    ${' '.repeat(width)}  `;
  const lines = ['  where the time went (--timings):'];
  const runsOf = (hook: TimedHook, how: string) => {
    const runs = timings.hooks.filter((h) => h.hook === hook).sort((a, b) => b.ms - a.ms || a.plugin.localeCompare(b.plugin));
    if (!runs.length) return;
    // Wrapped before a terminal's width would: a line per hook run would be a dozen lines for the built-in plugins alone.
    let line = `${indent}${hook}, ${how}:`;
    runs.forEach((run, i) => {
      const item = ` ${run.plugin} ${millis(run.ms)}${i < runs.length - 1 ? ',' : ''}`;
      if (line.length + item.length > WRAP_AT && line.trim().includes(' ')) {
        lines.push(line);
        line = `${indent}  ${item.trimStart()}`;
      } else line += item;
    });
    lines.push(line);
  };
  for (const { stage, ms, detail } of timings.stages) {
    lines.push(`    ${millis(ms).padStart(width)}  ${stage}${detail ? ` (${detail})` : ''}`);
    if (stage === CONTENT_STAGE) {
      runsOf('loadContent', 'at once');
      runsOf('contentLoaded', 'in turn');
    } else if (stage === POST_BUILD_STAGE) runsOf('postBuild', 'at once');
  }
  // More than the summary's time: the last stages (the workers' end, the cache's upkeep) come after it.
  lines.push(`    ${total}  in all (the summary's time ends with the output folder)`);
  return lines;
}

/** The stages whose plugin hooks `formatTimings` lists under them. */
export const CONTENT_STAGE = 'content and its plugin hooks';
export const POST_BUILD_STAGE = 'postBuild hooks';
