import type { DevSite } from './dev-site.ts';

/** How often, while compiling in the background, the page map takes in the real titles. */
const REFRESH_EVERY_MS = 1000;

/**
 * Compiles every page not compiled yet, a few at a time (one per worker), so a page someone
 * asks for never waits behind the whole site: it goes to the pool beside at most one
 * background task per worker. Titles, headings, search text and errors of the whole site
 * arrive as this goes; the page map is refreshed now and then and at the end.
 */
export class BackgroundCompiler {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly site: DevSite,
    /**
     * Called after the final refresh with how many pages were compiled and how long it took
     * (errors found along the way are then on the board), or with what went wrong.
     */
    private readonly onDone: (pages: number, ms: number, error?: unknown) => void,
  ) {}

  /** Starts (or, when running, continues with whatever became pending). */
  start(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop()
      .catch((error: unknown) => this.onDone(0, 0, error))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.start();
        }
      });
  }

  /** Resolves once the background has nothing left to do. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    const { site } = this;
    const started = performance.now();
    let compiled = 0;
    let lastRefresh = performance.now();
    // The pending pages are listed once per pass, not once per batch: a list of 10 000 entries
    // per two pages compiled was three seconds of the main thread over a 10 000-page background
    // compile. Each is checked again when its turn comes (a request or an edit may have compiled
    // it meanwhile); pages that became pending during a pass are listed by the next.
    passes: for (let pending = site.store.pending(); pending.length; pending = site.store.pending()) {
      for (let next = 0; next < pending.length; ) {
        const batch: string[] = [];
        while (batch.length < site.pool.size && next < pending.length) {
          const path = pending[next++]!;
          if (site.store.isPending(path)) batch.push(path);
        }
        if (!batch.length) break;
        const results = await Promise.all(batch.map((path) => site.store.compile(path).catch(() => false)));
        compiled += results.filter(Boolean).length;
        if (!results.some(Boolean) && batch.every((path) => !site.store.isCurrent(path))) break passes;
        if (performance.now() - lastRefresh > REFRESH_EVERY_MS) {
          await site.exclusive(() => site.refresh());
          lastRefresh = performance.now();
        }
      }
    }
    if (compiled) {
      await site.exclusive(() => site.refresh());
      this.onDone(compiled, performance.now() - started);
    }
  }
}
