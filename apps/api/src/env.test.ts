import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv, PUBLIC_DEFAULT_SECRETS } from './env';
import { TokenService } from './lib/tokens';

/** Client secrets and a staff key of the deployment's own: production refuses the public demo ones. */
const OWN_SECRETS = {
  WEB_CLIENT_SECRET: 'web-secret-of-this-deployment',
  CATERING_CLIENT_SECRET: 'catering-secret-of-this-deployment',
  INSTORE_CLIENT_SECRET: 'instore-secret-of-this-deployment',
  STAFF_KEY: 'staff-key-of-this-deployment',
};

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

describe('loadEnv: VERIFICATION_CODE_TTL_SECONDS', () => {
  it('is 10 minutes by default, bounded 10-600 s, and only the default in production', () => {
    const dataDir = tempDir();
    expect(loadEnv({ DATA_DIR: dataDir }).VERIFICATION_CODE_TTL_SECONDS).toBe(600);
    expect(
      loadEnv({ DATA_DIR: dataDir, VERIFICATION_CODE_TTL_SECONDS: '45' }).VERIFICATION_CODE_TTL_SECONDS,
    ).toBe(45);
    expect(() => loadEnv({ DATA_DIR: dataDir, VERIFICATION_CODE_TTL_SECONDS: '9' })).toThrow(
      /VERIFICATION_CODE_TTL_SECONDS/,
    );
    expect(() => loadEnv({ DATA_DIR: dataDir, VERIFICATION_CODE_TTL_SECONDS: '601' })).toThrow(
      /VERIFICATION_CODE_TTL_SECONDS/,
    );
    const production = {
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      ...OWN_SECRETS,
    };
    expect(loadEnv(production).VERIFICATION_CODE_TTL_SECONDS).toBe(600);
    expect(() => loadEnv({ ...production, VERIFICATION_CODE_TTL_SECONDS: '45' })).toThrow(
      /VERIFICATION_CODE_TTL_SECONDS is for tests and development only/,
    );
  });
});

describe('loadEnv: the built-in loyalty issuer secret', () => {
  it('is kept in the data directory outside production, required in production under loyalty login, unused with an external issuer', () => {
    const dataDir = tempDir();
    const first = loadEnv({ DATA_DIR: dataDir });
    expect(first.LOYALTY_OIDC_ISSUER_SECRET?.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'loyalty-oidc-issuer-secret'), 'utf8').trim()).toBe(
      first.LOYALTY_OIDC_ISSUER_SECRET,
    );
    // Every process on the data directory derives the same keys from it.
    expect(loadEnv({ DATA_DIR: dataDir }).LOYALTY_OIDC_ISSUER_SECRET).toBe(first.LOYALTY_OIDC_ISSUER_SECRET);
    expect(() => loadEnv({ DATA_DIR: dataDir, LOYALTY_OIDC_ISSUER_SECRET: 'short' })).toThrow(
      /LOYALTY_OIDC_ISSUER_SECRET/,
    );
    const production = {
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      ...OWN_SECRETS,
    };
    // No public default: nothing is made on a production disk; without loyalty login the issuer is off.
    expect(loadEnv(production).LOYALTY_OIDC_ISSUER_SECRET).toBeNull();
    expect(() => loadEnv({ ...production, LOGIN_CONFIGURATION: '2' })).toThrow(/LOYALTY_OIDC_ISSUER_SECRET/);
    const secret = 'y'.repeat(40);
    expect(
      loadEnv({ ...production, LOGIN_CONFIGURATION: '2', LOYALTY_OIDC_ISSUER_SECRET: secret })
        .LOYALTY_OIDC_ISSUER_SECRET,
    ).toBe(secret);
    const external = {
      LOYALTY_OIDC_ISSUER: 'https://loyalty.example',
      LOYALTY_OIDC_CLIENT_ID: 'storefront',
      LOYALTY_OIDC_CLIENT_SECRET: 'z'.repeat(20),
    };
    expect(
      loadEnv({ ...production, LOGIN_CONFIGURATION: '2', ...external }).LOYALTY_OIDC_ISSUER_SECRET,
    ).toBeNull();
  });
});

describe('loadEnv: client secrets and the staff key', () => {
  const production = {
    DATA_DIR: '/nonexistent-never-written',
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
  };

  it('keep the demo values outside production, so npm start, the tests and the journeys work unset', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const env = loadEnv({ DATA_DIR: tempDir(), NODE_ENV });
      expect(env.WEB_CLIENT_SECRET).toBe('web-demo-secret');
      expect(env.CATERING_CLIENT_SECRET).toBe('catering-demo-secret');
      expect(env.INSTORE_CLIENT_SECRET).toBe('instore-demo-secret');
      expect(env.STAFF_KEY).toBe('kitchen-demo-key');
    }
  });

  it('refuse to start production with any of them unset, naming each', () => {
    expect(() => loadEnv(production)).toThrow(
      'Invalid configuration: WEB_CLIENT_SECRET, CATERING_CLIENT_SECRET, INSTORE_CLIENT_SECRET, STAFF_KEY must be ' +
        'set in production to secrets of your own (unset, each is the demo value the README prints, which anyone ' +
        'could use)',
    );
    const { STAFF_KEY: _unset, ...threeOfFour } = OWN_SECRETS;
    expect(() => loadEnv({ ...production, ...threeOfFour })).toThrow(/: STAFF_KEY must be set in production/);
  });

  it('refuse the public demo value given explicitly in production, and take secrets of its own', () => {
    for (const [name, value] of Object.entries(PUBLIC_DEFAULT_SECRETS)) {
      expect(() => loadEnv({ ...production, ...OWN_SECRETS, [name]: value }), name).toThrow(
        new RegExp(`: ${name} must be set in production`),
      );
    }
    const env = loadEnv({ ...production, ...OWN_SECRETS });
    expect(env.WEB_CLIENT_SECRET).toBe(OWN_SECRETS.WEB_CLIENT_SECRET);
    expect(env.STAFF_KEY).toBe(OWN_SECRETS.STAFF_KEY);
  });
});
