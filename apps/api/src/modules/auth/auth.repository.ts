import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema/clients';

export async function findClient(db: Db, clientId: string) {
  const [row] = await db.select().from(clients).where(eq(clients.clientId, clientId)).limit(1);
  return row ?? null;
}
