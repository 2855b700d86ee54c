import { hash, verify, type Algorithm } from '@node-rs/argon2';

// The package declares its algorithms as an ambient const enum, which type stripping cannot
// inline; 2 is Argon2id.
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
const argon2id: Algorithm = 2;

/** OWASP's argon2id floor: 19 MiB of memory, 2 passes, 1 lane. */
const argon2Options = {
  algorithm: argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, argon2Options);

export const verifyPassword = (passwordHash: string, password: string) =>
  verify(passwordHash, password);
