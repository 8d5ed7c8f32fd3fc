/**
 * Customer passwords: argon2id with the OWASP Password Storage Cheat Sheet's first configuration, which OWASP
 * ASVS 5.0 (V11.4.2) points to: m=19456 KiB (19 MiB), t=2 iterations, p=1 lane. @node-rs/argon2's default
 * algorithm is argon2id (its const enum cannot be named under isolatedModules); the PHC string says
 * `$argon2id$v=19$m=19456,t=2,p=1$` and the tests check it. Measured here: see the README's note.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

export const PASSWORD_HASH_OPTIONS: Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export async function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** Whether the password matches the hash; a malformed hash is an error (it is ours), not a mismatch. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password, PASSWORD_HASH_OPTIONS).catch((error: unknown) => {
    throw error instanceof Error ? error : new Error(String(error));
  });
}

/**
 * A hash of a random password with the same parameters: a sign-in with an unknown e-mail address is verified
 * against it, so that it costs what a wrong password costs (else its speed would tell which addresses exist).
 */
let dummy: Promise<string> | null = null;
export function unknownCustomerHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummy;
}
