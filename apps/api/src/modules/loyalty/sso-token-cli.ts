/**
 * `npm run loyalty:sso-token [-- --email=... --sub=... --first=... --last=...]`: mints a single-sign-on token as
 * a brand's app would (HS256 under LOYALTY_SSO_SECRET, iss LOYALTY_SSO_ISSUER, aud 'storefront', 5 minutes, a
 * fresh jti) and prints the search-page link that signs the member in. Without LOYALTY_SSO_SECRET it reads the
 * secret `npm start` made in the data directory (<repo>/data unless DATA_DIR or PGLITE_DIR say otherwise).
 */
import { createSecretKey, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SignJWT } from 'jose';
import { SSO_TOKEN_AUDIENCE, SSO_TOKEN_MAX_LIFETIME_SECONDS } from '@storefront/contracts/loyalty';
import { loadEnv } from '../../env';
import { DEMO_LOYALTY } from '../../db/seed/loyalty';

const root = fileURLToPath(new URL('../../../../..', import.meta.url));
const env = loadEnv({
  ...process.env,
  PGLITE_DIR: process.env.PGLITE_DIR ?? join(root, 'data/pglite'),
});
if (env.LOYALTY_SSO_SECRET === null) {
  console.error('LOYALTY_SSO_SECRET is not set: single sign-on is off in production without it.');
  process.exit(1);
}
const { values } = parseArgs({
  options: {
    email: { type: 'string', default: DEMO_LOYALTY.member.email },
    sub: { type: 'string', default: 'demo-member-lee' },
    first: { type: 'string', default: DEMO_LOYALTY.member.firstName },
    last: { type: 'string', default: DEMO_LOYALTY.member.lastName },
  },
});
const token = await new SignJWT({ email: values.email, given_name: values.first, family_name: values.last })
  .setProtectedHeader({ alg: 'HS256' })
  .setIssuer(env.LOYALTY_SSO_ISSUER)
  .setAudience(SSO_TOKEN_AUDIENCE)
  .setSubject(values.sub)
  .setIssuedAt()
  .setExpirationTime(`${SSO_TOKEN_MAX_LIFETIME_SECONDS}s`)
  .setJti(randomUUID())
  .sign(createSecretKey(Buffer.from(env.LOYALTY_SSO_SECRET)));
console.log(token);
console.log(`${env.WEB_PUBLIC_URL}/search-locations?security_token=${token}`);
