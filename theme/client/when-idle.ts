/** Idle time a page gets before deferred work starts anyway (only on browsers without `requestIdleCallback`, Safari). */
const IDLE_FALLBACK_MS = 200;

/** Runs `start` once the page is idle: work no first paint and no first move needs. */
export function whenIdle(start: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(start);
  else setTimeout(start, IDLE_FALLBACK_MS);
}
