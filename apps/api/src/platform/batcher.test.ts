import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batcher, failed, succeeded, type Outcome } from './batcher.ts';

/** A promise the test resolves by hand, to hold a batch open while more calls arrive. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('batcher', () => {
  it('when a call arrives alone, then it runs at once in a batch of one', async () => {
    const batches: number[][] = [];
    const double = batcher<number, number>({
      run: (items) => {
        batches.push([...items]);
        return Promise.resolve(items.map((item) => succeeded(item * 2)));
      },
      maxBatch: 10,
      concurrency: 1,
    });
    await expect(double(21)).resolves.toBe(42);
    expect(batches).toEqual([[21]]);
  });

  it('when calls arrive while a batch runs, then they go together into the next batch, in order', async () => {
    const batches: number[][] = [];
    const first = gate();
    const echo = batcher<number, number>({
      run: async (items) => {
        batches.push([...items]);
        if (items[0] === 0) await first.opened;
        return items.map((item) => succeeded(item));
      },
      maxBatch: 3,
      concurrency: 1,
    });
    const answers = [0, 1, 2, 3, 4, 5].map((item) => echo(item));
    expect(echo.waiting).toBe(5);
    first.open();
    await expect(Promise.all(answers)).resolves.toEqual([0, 1, 2, 3, 4, 5]);
    expect(batches).toEqual([[0], [1, 2, 3], [4, 5]]);
  });

  it('when items share a conflict key, then they never run at the same time', async () => {
    const running = new Set<string>();
    let overlaps = 0;
    const work = batcher<{ user: string; n: number }, number>({
      run: async (items) => {
        for (const item of items) {
          if (running.has(item.user)) overlaps += 1;
          running.add(item.user);
        }
        await new Promise((resolve) => setTimeout(resolve, 1));
        for (const item of items) running.delete(item.user);
        return items.map((item) => succeeded(item.n));
      },
      maxBatch: 4,
      concurrency: 3,
      conflictKey: (item) => item.user,
    });
    const items = Array.from({ length: 40 }, (_, n) => ({ user: `user-${String(n % 5)}`, n }));
    await expect(Promise.all(items.map((item) => work(item)))).resolves.toEqual(
      items.map((item) => item.n),
    );
    expect(overlaps).toBe(0);
  });

  it('when one item is refused, then only its caller hears the refusal', async () => {
    const check = batcher<number, number>({
      run: (items) =>
        Promise.resolve(
          items.map((item) =>
            item < 0 ? failed(new RangeError(`${String(item)} < 0`)) : succeeded(item),
          ),
        ),
      maxBatch: 10,
      concurrency: 1,
    });
    const answers = await Promise.allSettled([check(1), check(-2), check(3)]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('when a whole batch throws, then each item runs again alone and only the bad one fails', async () => {
    const first = gate();
    const runs: number[][] = [];
    const strict = batcher<number, number>({
      run: async (items) => {
        runs.push([...items]);
        if (items[0] === 0) await first.opened;
        if (items.includes(13)) throw new Error('statement failed');
        return items.map((item) => succeeded(item));
      },
      maxBatch: 10,
      concurrency: 1,
    });
    const answers = Promise.allSettled([0, 12, 13, 14].map((item) => strict(item)));
    first.open();
    const settled = await answers;
    expect(settled.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(runs).toEqual([[0], [12, 13, 14], [12], [13], [14]]);
  });

  it('when run answers too few outcomes, then the callers without one are rejected, not left waiting', async () => {
    const first = gate();
    const short = batcher<number, number>({
      run: async (items) => {
        if (items[0] === 0) await first.opened;
        return items.slice(1).map((item) => succeeded(item));
      },
      maxBatch: 10,
      concurrency: 1,
    });
    const answers = Promise.allSettled([0, 1, 2].map((item) => short(item)));
    first.open();
    const settled = await answers;
    expect(settled.filter((answer) => answer.status === 'rejected')).toHaveLength(2);
  });

  it('whatever the arrivals, then every caller gets its own answer and batches respect the limits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ key: fc.integer({ min: 0, max: 5 }), delay: fc.nat(3) }), {
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 3 }),
        async (calls, maxBatch, concurrency) => {
          let running = 0;
          let most = 0;
          const work = batcher<{ index: number; key: number; delay: number }, number>({
            run: async (items): Promise<Outcome<number>[]> => {
              expect(items.length).toBeLessThanOrEqual(maxBatch);
              expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
              running += 1;
              most = Math.max(most, running);
              await new Promise((resolve) =>
                setTimeout(resolve, Math.max(...items.map((item) => item.delay))),
              );
              running -= 1;
              return items.map((item) => succeeded(item.index));
            },
            maxBatch,
            concurrency,
            conflictKey: (item) => String(item.key),
          });
          const answers = await Promise.all(calls.map((call, index) => work({ index, ...call })));
          expect(answers).toEqual(calls.map((_, index) => index));
          expect(most).toBeLessThanOrEqual(concurrency);
        },
      ),
      { numRuns: 50 },
    );
  });
});
