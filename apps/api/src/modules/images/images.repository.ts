import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { images } from '../../db/schema/menus';

export async function findImage(db: Db, id: string) {
  const [row] = await db
    .select({ id: images.id, bytes: images.bytes, contentType: images.contentType })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  return row ?? null;
}
