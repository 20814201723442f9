/** A job that runs every so often until stopped. */
export interface Repeating {
  /** No further run starts; waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `work` every `everyMs`, never two at once (a tick while one runs is skipped), until stopped.
 * A failed run is reported to `failed` and the next tick runs again. The timer keeps no process up.
 */
export function repeatEvery(
  everyMs: number,
  work: () => Promise<void>,
  failed: (error: unknown) => void,
): Repeating {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= work()
      .catch(failed)
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
