import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { TokenService } from './lib/tokens';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sf-env-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadEnv: the JWT secret', () => {
  it('makes a random secret on the first start, keeps it in the data directory (0600) and reads it back', () => {
    const dataDir = join(tempDir(), 'data');
    const first = loadEnv({ DATA_DIR: dataDir });
    const file = join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.JWT_SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(loadEnv({ DATA_DIR: dataDir }).JWT_SECRET).toBe(first.JWT_SECRET);
    // Another data directory (another installation) gets a secret of its own.
    expect(loadEnv({ DATA_DIR: join(tempDir(), 'data') }).JWT_SECRET).not.toBe(first.JWT_SECRET);
  });

  it('keeps the secret next to the PGlite data by default', () => {
    const root = tempDir();
    const env = loadEnv({ PGLITE_DIR: join(root, 'pglite') });
    expect(env.DATA_DIR).toBe(root);
    expect(readFileSync(join(root, 'jwt-secret'), 'utf8').trim()).toBe(env.JWT_SECRET);
  });

  // The old default was a string in the code: a token signed with it opened any order.
  it('has no secret known in advance: a token signed with the old public default is refused', async () => {
    const env = loadEnv({ DATA_DIR: tempDir() });
    const publicDefault = new TokenService('dev-only-jwt-secret-change-me-in-production-0123456789', 60, 60);
    const tokens = new TokenService(env.JWT_SECRET, 60, 60);
    expect(await tokens.verifyTrackingToken(await publicDefault.signTrackingToken(1))).toBeNull();
  });

  it('uses JWT_SECRET when it is set, without writing a file', () => {
    const dataDir = tempDir();
    const secret = 'a-configured-secret-of-at-least-32-characters';
    expect(loadEnv({ DATA_DIR: dataDir, JWT_SECRET: secret }).JWT_SECRET).toBe(secret);
    expect(() => statSync(join(dataDir, 'jwt-secret'))).toThrow();
  });

  it('still requires JWT_SECRET in production, and refuses a short one', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(/JWT_SECRET/);
    expect(() => loadEnv({ JWT_SECRET: 'short', DATA_DIR: tempDir() })).toThrow(/JWT_SECRET/);
  });

  it('refuses a secret file that holds no usable secret instead of signing with it', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'jwt-secret'), '\n', { mode: 0o600 });
    expect(() => loadEnv({ DATA_DIR: dataDir })).toThrow(/no usable JWT secret/);
  });
});

describe('loadEnv: TRUST_PROXY', () => {
  const load = (TRUST_PROXY?: string) =>
    loadEnv({ TRUST_PROXY, JWT_SECRET: 'a-configured-secret-of-at-least-32-characters' }).TRUST_PROXY;

  it('trusts no proxy by default, a hop count, or a list of addresses and CIDR ranges', () => {
    expect(load(undefined)).toBe(false);
    expect(load('false')).toBe(false);
    expect(load('1')).toBe(1);
    expect(load('10.0.0.1, 192.168.0.0/16,::1,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it("refuses 'true' (anyone's X-Forwarded-For believed) and what is not an address", () => {
    expect(() => load('true')).toThrow(/TRUST_PROXY/);
    expect(() => load('10.0.0.1,proxy.example')).toThrow(/proxy\.example/);
  });
});
