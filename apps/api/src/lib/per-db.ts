import type { Db } from '../db/client';

/**
 * One value per database handle, made on first use: a process-local cache or store belongs to the app that owns
 * the handle (one per app; tests build several apps in one process), and goes with it.
 */
export function perDb<T>(create: (db: Db) => T): (db: Db) => T {
  const values = new WeakMap<Db, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) {
      value = create(db);
      values.set(db, value);
    }
    return value;
  };
}
