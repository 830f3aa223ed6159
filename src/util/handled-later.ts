/** `promise` itself, marked as handled: its rejection reaches whoever awaits it, and is no unhandled rejection when nobody does. */
export function handledLater<Value>(promise: Promise<Value>): Promise<Value> {
  promise.catch(() => undefined);
  return promise;
}
