import { verify } from '@node-rs/argon2';
import { OrderChannelSchema } from '@storefront/contracts/enums';
import type { TokenValue } from '@storefront/contracts/auth';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import { findClient } from './auth.repository';

const invalidClient = () =>
  new DomainError(401, { key: 'InvalidClient', code: 401, message: 'Invalid client credentials' });

/**
 * Client-credentials grant: a guest token for the client's app type (105, 106 or 107).
 * Fails with 401 InvalidClient for an unknown client or a wrong secret.
 */
export async function issueClientToken(
  db: Db,
  tokens: TokenService,
  clientId: string,
  clientSecret: string,
): Promise<TokenValue> {
  const client = await findClient(db, clientId);
  if (!client) throw invalidClient();
  const valid = await verify(client.secretHash, clientSecret).catch((error: unknown) => {
    throw error instanceof Error ? error : new Error(String(error));
  });
  if (!valid) throw invalidClient();
  const appType = OrderChannelSchema.parse(client.appType);
  const { token, expiresIn } = await tokens.signAccessToken({ appType });
  return { accessToken: token, tokenType: 'Bearer', expiresIn, appType };
}
