import { SignJWT, jwtVerify } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens';

const secret = 'test-secret-0123456789-0123456789-0123456789';

describe('TokenService access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies the same token again (from memory) until it expires, then refuses it', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T12:00:00Z'), toFake: ['Date'] });
    const tokens = new TokenService(secret, 60, 600);
    const { token, sid } = await tokens.signAccessToken({ appType: 107 });
    expect(await tokens.verifyAccessToken(token)).toEqual({
      sid,
      appType: 107,
      userId: null,
      customerSessionId: null,
    });
    vi.setSystemTime(new Date('2026-01-01T12:00:59Z'));
    expect(await tokens.verifyAccessToken(token)).toEqual({
      sid,
      appType: 107,
      userId: null,
      customerSessionId: null,
    });
    vi.setSystemTime(new Date('2026-01-01T12:01:01Z'));
    expect(await tokens.verifyAccessToken(token)).toBeNull();
    expect(await tokens.verifyAccessToken(token)).toBeNull();
  });

  it('refuses forged, foreign and tracking tokens even after verifying a good one', async () => {
    const tokens = new TokenService(secret, 60, 600);
    const other = new TokenService(`${secret}-other`, 60, 600);
    const csid = crypto.randomUUID();
    const { token } = await tokens.signAccessToken({
      appType: 106,
      user: { userId: 7, customerSessionId: csid },
    });
    expect(await tokens.verifyAccessToken(token)).toMatchObject({
      appType: 106,
      userId: 7,
      customerSessionId: csid,
    });
    const [header, payload, signature = ''] = token.split('.');
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verifyAccessToken(forged)).toBeNull();
    expect(await other.verifyAccessToken(token)).toBeNull();
    expect(await tokens.verifyAccessToken(await tokens.signTrackingToken(5))).toBeNull();
  });

  it('signs standard HS256 JWTs that any verifier with the key accepts, with iat and exp its lifetime apart', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T12:00:00Z'), toFake: ['Date'] });
    const tokens = new TokenService(secret, 60, 600);
    const key = new TextEncoder().encode(secret);
    const now = Date.parse('2026-01-01T12:00:00Z') / 1000;
    const { token, sid } = await tokens.signAccessToken({ appType: 107 });
    const access = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date() });
    expect(access.protectedHeader.alg).toBe('HS256');
    expect(access.payload).toEqual({ typ: 'access', sid, app: 107, iat: now, exp: now + 60 });
    const tracking = await jwtVerify(await tokens.signTrackingToken(9), key, { algorithms: ['HS256'] });
    expect(tracking.payload).toEqual({ typ: 'tracking', oid: 9, iat: now, exp: now + 600 });
    await expect(jwtVerify(token, new TextEncoder().encode(`${secret}-other`))).rejects.toThrow();
  });

  it('hands out a copy of the session, so a caller cannot change what the next request sees', async () => {
    const tokens = new TokenService(secret, 60, 600);
    const { token, sid } = await tokens.signAccessToken({ appType: 107 });
    const first = await tokens.verifyAccessToken(token);
    if (first) first.sid = 'changed';
    expect((await tokens.verifyAccessToken(token))?.sid).toBe(sid);
  });
});

describe('TokenService without an expiry', () => {
  const key = new TextEncoder().encode(secret);
  const unsigned = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(key);

  // A token without `exp` signed with the right key would otherwise open a session or an order for ever.
  it('refuses access and tracking tokens that carry no exp, even with a valid signature', async () => {
    const tokens = new TokenService(secret, 60, 600);
    const access = await unsigned({ typ: 'access', sid: crypto.randomUUID(), app: 107 });
    expect(await tokens.verifyAccessToken(access)).toBeNull();
    expect(tokens.cachedSession(access)).toBeNull();
    expect(await tokens.verifyTrackingToken(await unsigned({ typ: 'tracking', oid: 1 }))).toBeNull();
    expect(await tokens.verifyTrackingToken(await tokens.signTrackingToken(1))).toBe(1);
  });

  // A user token must name its customer session: without one it could not be revoked (logout, password reset).
  it('refuses a user id without a customer session and a customer session without a user id', async () => {
    const tokens = new TokenService(secret, 60, 600);
    const exp = Math.floor(Date.now() / 1000) + 60;
    const sid = crypto.randomUUID();
    for (const claims of [
      { typ: 'access', sid, app: 107, uid: 7, exp },
      { typ: 'access', sid, app: 107, csid: crypto.randomUUID(), exp },
    ]) {
      expect(await tokens.verifyAccessToken(await unsigned(claims))).toBeNull();
    }
    const whole = await unsigned({ typ: 'access', sid, app: 107, uid: 7, csid: crypto.randomUUID(), exp });
    expect(await tokens.verifyAccessToken(whole)).toMatchObject({ userId: 7 });
  });
});
