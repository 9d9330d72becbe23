/**
 * Resolves on a later task of this thread (a message to itself: a nested timer would wait ≥ 4 ms), so what
 * queued meanwhile runs first. The engine worker pauses its long answers on it, so the next call is answered
 * between two slices (engine/paced.ts). The import worker needs it for its helper: Chromium hands a worker's
 * messages to the worker it started through the starting worker's own thread, so a message to a helper
 * reaches it only once this thread runs a task (measured: a message sent before 500 ms of work arrived 500 ms
 * later), and the helper's answers are only seen here then; a whole file's rows are otherwise read in one
 * task (a file's chunks are there before they are asked for, so awaiting them never leaves the task).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
