import { rootHandleOf, type Db } from '../db/client';

/**
 * One value per database, made on first use: a process-local cache or store belongs to the app that owns the
 * handle (one per app; tests build several apps in one process), and goes with it. A transaction handle maps to
 * its root's value, so a cache is shared by the code inside and outside transactions; what the value then reads
 * must go through the handle it is called with (see menus/menu-snapshots.ts), never its root's.
 */
export function perDb<T>(create: (db: Db) => T): (db: Db) => T {
  const values = new WeakMap<Db, T>();
  return (handle) => {
    const db = rootHandleOf(handle);
    let value = values.get(db);
    if (value === undefined) {
      value = create(db);
      values.set(db, value);
    }
    return value;
  };
}
