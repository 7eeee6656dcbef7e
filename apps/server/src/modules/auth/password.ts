import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP-recommended minimum: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }; // the library's default algorithm is argon2id

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Verifies; with no stored hash it still spends the same time, so timing does not reveal accounts. */
export async function verifyPassword(storedHash: string | null | undefined, password: string) {
  if (!storedHash) {
    await verify(await (dummyHash ??= hashPassword('gabarita-dummy-password')), password);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
