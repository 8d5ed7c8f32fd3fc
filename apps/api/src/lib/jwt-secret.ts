/**
 * The signing secret used when `JWT_SECRET` is not set: random, made on the first start and kept in the data
 * directory, so that no secret is public (a default written in the code is known to everyone, who could then
 * sign a token for any order) and tokens stay valid across restarts.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const JWT_SECRET_FILE = 'jwt-secret';
const MIN_LENGTH = 32;

function readSecret(path: string): string {
  // Readable by the API's user only: the secret signs every token.
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  const secret = readFileSync(path, 'utf8').trim();
  if (secret.length < MIN_LENGTH) {
    throw new Error(
      `Invalid configuration: ${path} holds no usable JWT secret (delete it to make a new one)`,
    );
  }
  return secret;
}

/**
 * The secret kept in `<dataDir>/jwt-secret` (or another file of the data directory: the loyalty single-sign-on
 * secret is kept the same way), made (mode 0600) when there is none. Processes starting at once on
 * one data directory agree on one secret: the file appears whole through a hard link, which fails when another
 * process linked its own first, and that one is read instead.
 */
export function loadOrCreateJwtSecret(dataDir: string, fileName: string = JWT_SECRET_FILE): string {
  const path = join(dataDir, fileName);
  try {
    return readSecret(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const candidate = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(candidate, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(candidate, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(candidate);
  }
  return readSecret(path);
}
