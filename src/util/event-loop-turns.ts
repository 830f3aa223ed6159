/**
 * Lets long work on the main thread give the event loop a turn now and then. A build starts the
 * search data and `llms.txt` while its pages render (`postBuildReads: 'site'`), and their
 * thousands of pieces were made in promise callbacks, which all run before any message from a
 * worker thread: in one go, they held off the workers' answers, and so their next pages, for
 * up to 0.2 s at a time in a 2000-page build. Where the turns fall changes when work happens, never what it
 * makes.
 */
export class EventLoopTurns {
  private sliceStart: number;
  /** Steps waiting for a turn, in the order they were asked for, from `next` on (a shift per step was a copy of thousands). */
  private waiting: ((() => void) | undefined)[] = [];
  private next = 0;
  private turnAsked = false;

  /** `sliceMs`: how long steps may run between turns. The clock is injected for tests. */
  constructor(
    private readonly sliceMs = DEFAULT_SLICE_MS,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.sliceStart = now();
  }

  /**
   * Runs `step` now when the slice lasts and no step waits, else after the event loop's next
   * turn, in the order asked: each turn runs the waiting steps while its slice lasts, timing
   * each (so a step's synchronous work counts, where a check before an `await` would let a
   * thousand callers through at once). Resolves to what `step` returns; rejects with what it
   * throws.
   */
  run<Result>(step: () => Result | Promise<Result>): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      const go = () => {
        try {
          resolve(step());
        } catch (error) {
          reject(error);
        }
      };
      if (this.next === this.waiting.length && !this.used()) return go();
      this.waiting.push(go);
      this.askTurn();
    });
  }

  private used(): boolean {
    return this.now() - this.sliceStart >= this.sliceMs;
  }

  private askTurn(): void {
    if (this.turnAsked) return;
    this.turnAsked = true;
    setImmediate(() => {
      this.turnAsked = false;
      // A step that asked for another while the queue drained asked for this turn too: the drain ran both.
      if (this.next >= this.waiting.length) return;
      this.sliceStart = this.now();
      // At least one step a turn, however long the last one took.
      do {
        const step = this.waiting[this.next]!;
        // Let go of the step (and what it holds) once it ran.
        this.waiting[this.next++] = undefined;
        step();
      } while (this.next < this.waiting.length && !this.used());
      if (this.next < this.waiting.length) this.askTurn();
      else {
        this.waiting = [];
        this.next = 0;
      }
    });
  }
}

/** About two render answers' worth: a worker waits at most about this long for its next page. */
const DEFAULT_SLICE_MS = 1;
