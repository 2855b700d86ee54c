import fc from 'fast-check';

/**
 * Request-body fuzzing shared by the money POSTs' validation tests: bodies that are mostly right
 * with fields replaced by anything at all, so every refusal is checked to be a 4xx in the one
 * error shape and nothing half-written.
 */

/** A field that is sometimes right and often anything at all. */
export const fieldLike = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 2, arbitrary: fc.anything({ maxDepth: 2, stringUnit: 'binary' }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 300, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

/** A valid body with its fields mutated, sometimes an extra field, sometimes not an object. */
export const mutated = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(
          fc.record(
            Object.fromEntries(
              Object.entries(fields).map(([name, valid]) => [name, fieldLike(valid)]),
            ),
          ),
          fc.option(fc.tuple(fc.string({ maxLength: 20 }), fc.anything({ maxDepth: 1 })), {
            freq: 6,
          }),
        )
        .map(([body, extra]) => (extra ? { ...body, [extra[0]]: extra[1] } : body)),
    },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );

/** Amounts as clients send them and as they should not: numbers, strings, exponents, NaN. */
export const amountLike = (examples: readonly string[]) =>
  fc.oneof(
    fc.integer({ min: -1_000, max: 120_000 }),
    fc.constantFrom(...examples),
    fc.stringMatching(/^\d{1,7}(\.\d{1,3})?$/),
    fc.double({ noNaN: false }),
  );

/** Counts answers by status code. */
export const tally = (statuses: Map<number, number>, status: number) =>
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
