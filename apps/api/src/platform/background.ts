import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts and does not wait for, such as handing a withdrawal to the bank once its
 * hold is committed. Each piece must be safe to lose in a crash (a reconciler finishes it); a
 * graceful shutdown waits for what is running, and tests wait with `idle()`.
 */
export class BackgroundWork {
  readonly #running = new Set<Promise<void>>();
  readonly #log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }

  /** Starts `work` now; a failure is logged, never thrown at anyone. */
  start(name: string, work: () => Promise<unknown>): void {
    const running = work().then(
      () => undefined,
      (error: unknown) => {
        this.#log.error(
          { err: error, work: name },
          'background work failed; left for its reconciler',
        );
      },
    );
    this.#running.add(running);
    void running.finally(() => this.#running.delete(running));
  }

  /** Resolves once nothing is running, including work started by work that was running. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running]);
  }
}
