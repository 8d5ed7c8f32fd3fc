import { hash } from '@node-rs/argon2';
import { ORDER_CHANNEL } from '@storefront/contracts/enums';
import type { Db } from '../client';
import type { Env } from '../../env';
import { clients, staffKeys } from '../schema/clients';
import { hashStaffKey } from '../../plugins/auth';

/** The three demo clients (web 107, catering 106, in-store 105) and the demo staff key. */
export async function seedClients(db: Db, env: Env) {
  await db.insert(clients).values([
    {
      clientId: env.WEB_CLIENT_ID,
      secretHash: await hash(env.WEB_CLIENT_SECRET),
      appType: ORDER_CHANNEL.web,
    },
    {
      clientId: env.CATERING_CLIENT_ID,
      secretHash: await hash(env.CATERING_CLIENT_SECRET),
      appType: ORDER_CHANNEL.catering,
    },
    {
      clientId: env.INSTORE_CLIENT_ID,
      secretHash: await hash(env.INSTORE_CLIENT_SECRET),
      appType: ORDER_CHANNEL.inStore,
    },
  ]);
  await db.insert(staffKeys).values({ name: 'Demo kitchen', keyHash: hashStaffKey(env.STAFF_KEY) });
}
