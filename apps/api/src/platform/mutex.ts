/**
 * A first-in first-out async lock. PGlite has exactly one connection, so units of work on it
 * pass through one of these: a transaction from one request never interleaves with another's.
 */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();
  #waiting = 0;

  get waiting(): number {
    return this.#waiting;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const previous = this.#tail;
    let release: () => void = () => undefined;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.#waiting += 1;
    try {
      await previous;
      return await work();
    } finally {
      this.#waiting -= 1;
      release();
    }
  }
}
