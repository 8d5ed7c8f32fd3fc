/**
 * The in-process store of menu snapshots. Snapshots are immutable, so each is read from the database once per
 * process and kept as a tree (plus an index by item path key); the serialized menu answers are memoised per
 * variant. The location -> current snapshot pointer is NOT immutable and is only cached for a few seconds.
 */
import { centsToDollars } from '@storefront/contracts/money';
import { itemPathKeyDepth, type MenuNode } from '@storefront/contracts/menu';
import type { Brand } from '@storefront/contracts/locations';
import { rootHandleOf, type Db } from '../../db/client';
import { SerializedBody } from '../../lib/http-cache';
import { perDb } from '../../lib/per-db';
import type { StoredMenuNode } from '../../db/schema/menus';
import {
  findBrands,
  findLocationMenu,
  findPortions,
  findSnapshot,
  findSnapshotNodes,
} from './menus.repository';

export interface LoadedSnapshot {
  id: number;
  menuId: number;
  locationId: number;
  catering: boolean;
  title: string;
  createdAt: string;
  categories: MenuNode[];
  byKey: ReadonlyMap<string, MenuNode>;
  brands: Brand[];
  /** Portion titles by id (for order lines). */
  portions: ReadonlyMap<number, string>;
  /** Serialized menu envelopes by variant (compact, filters), each with its ETag and gzip copy. */
  responses: Map<string, SerializedBody>;
  /** Serialized descendants envelopes by item path key and out-of-stock filter. */
  descendants: Map<string, SerializedBody>;
  /** Encoded item-pricing envelopes by item path key, quantity, portion and sequence of changes. */
  pricings: Map<string, Buffer>;
}

const MAX_SNAPSHOTS = 256;
const MAX_VARIANTS = 32;
const MAX_DESCENDANTS = 4096;
const MAX_PRICINGS = 4096;
const POINTER_TTL_MS = 5_000;

export function toMenuNode(stored: StoredMenuNode): MenuNode {
  return {
    ...stored,
    lastNode: true,
    children: [],
    priceAttribute: stored.priceAttribute && {
      priceType: stored.priceAttribute.priceType,
      propagatePortionSelection: stored.priceAttribute.propagatePortionSelection,
      prices: stored.priceAttribute.prices.map((p) => ({
        portionTypeId: p.portionTypeId,
        price: centsToDollars(p.priceCents),
        default: p.default,
        isOutOfStock: p.isOutOfStock,
      })),
    },
  };
}

async function loadSnapshot(db: Db, snapshotId: number): Promise<LoadedSnapshot | null> {
  const snapshot = await findSnapshot(db, snapshotId);
  if (!snapshot) return null;
  const rows = await findSnapshotNodes(db, snapshotId);
  const byKey = new Map<string, MenuNode>();
  for (const row of rows) byKey.set(row.itemPathKey, toMenuNode(row.node));
  const categories: MenuNode[] = [];
  for (const row of rows) {
    const node = byKey.get(row.itemPathKey);
    if (!node) continue;
    const parent = row.parentPathKey === null ? undefined : byKey.get(row.parentPathKey);
    if (parent) {
      parent.children.push(node);
      parent.lastNode = false;
    } else if (itemPathKeyDepth(row.itemPathKey) === 2) {
      categories.push(node);
    }
  }
  const brandIds = new Set<number>();
  for (const node of byKey.values()) for (const id of node.brandIds) brandIds.add(id);
  return {
    id: snapshot.id,
    menuId: snapshot.menuId,
    locationId: snapshot.locationId,
    catering: snapshot.catering,
    title: snapshot.title,
    createdAt: snapshot.createdAt.toISOString(),
    categories,
    byKey,
    brands: await findBrands(db, [...brandIds]),
    portions: new Map((await findPortions(db)).map((p) => [p.id, p.title])),
    responses: new Map(),
    descendants: new Map(),
    pricings: new Map(),
  };
}

interface Pointer {
  at: number;
  value: Promise<number | null>;
  /** The snapshot id once the lookup has answered. */
  settled?: number | null;
}

/** What the menu and order services use: the store read through one handle (the root or a transaction's). */
export interface SnapshotReader {
  get(snapshotId: number): Promise<LoadedSnapshot | null>;
  currentSnapshotId(locationId: number, catering: boolean): Promise<number | null>;
  currentIfLoaded(locationId: number, catering: boolean): LoadedSnapshot | undefined;
}

/**
 * The store of one database. Loads started through the root handle are shared by every request that asks
 * meanwhile. A transaction never joins such a load: the load may be waiting for a connection the transaction
 * holds (PGlite has one; a pool may have none left), so a transaction reads through its own handle and shares
 * only finished snapshots.
 */
class SnapshotStore implements SnapshotReader {
  private readonly snapshots = new Map<number, Promise<LoadedSnapshot | null>>();
  /** The snapshots of `snapshots` whose load has finished, for reads that need not wait. */
  private readonly loaded = new Map<number, LoadedSnapshot>();
  private readonly pointers = new Map<string, Pointer>();

  constructor(private readonly db: Db) {}

  get(snapshotId: number): Promise<LoadedSnapshot | null> {
    let entry = this.snapshots.get(snapshotId);
    if (!entry) {
      this.makeRoom();
      const load = loadSnapshot(this.db, snapshotId);
      // A failed or empty load is not kept: the next request tries again.
      load.then(
        (snapshot) => {
          if (!snapshot) this.snapshots.delete(snapshotId);
          else if (this.snapshots.get(snapshotId) === load) this.loaded.set(snapshotId, snapshot);
        },
        () => this.snapshots.delete(snapshotId),
      );
      this.snapshots.set(snapshotId, load);
      entry = load;
    }
    return entry;
  }

  /** A snapshot read through a transaction's handle: a finished one from memory, else loaded through `tx`. */
  async getThrough(tx: Db, snapshotId: number): Promise<LoadedSnapshot | null> {
    const ready = this.loaded.get(snapshotId);
    if (ready) return ready;
    const snapshot = await loadSnapshot(tx, snapshotId);
    if (snapshot && !this.snapshots.has(snapshotId)) {
      this.makeRoom();
      this.snapshots.set(snapshotId, Promise.resolve(snapshot));
      this.loaded.set(snapshotId, snapshot);
    }
    return snapshot;
  }

  private makeRoom() {
    if (this.snapshots.size < MAX_SNAPSHOTS) return;
    const oldest = this.snapshots.keys().next();
    if (!oldest.done) {
      this.snapshots.delete(oldest.value);
      this.loaded.delete(oldest.value);
    }
  }

  currentSnapshotId(locationId: number, catering: boolean): Promise<number | null> {
    const key = pointerKey(locationId, catering);
    const now = Date.now();
    const cached = this.pointers.get(key);
    if (cached && now - cached.at < POINTER_TTL_MS) return cached.value;
    const value = findLocationMenu(this.db, locationId, catering).then((row) => row?.snapshotId ?? null);
    const pointer: Pointer = { at: now, value };
    value.then(
      (snapshotId) => {
        pointer.settled = snapshotId;
      },
      () => this.pointers.delete(key),
    );
    this.pointers.set(key, pointer);
    return value;
  }

  /** The pointer read through a transaction's handle: a fresh settled one from memory, else through `tx`. */
  async currentSnapshotIdThrough(tx: Db, locationId: number, catering: boolean): Promise<number | null> {
    const cached = this.pointers.get(pointerKey(locationId, catering));
    if (cached && Date.now() - cached.at < POINTER_TTL_MS && cached.settled !== undefined)
      return cached.settled;
    return (await findLocationMenu(tx, locationId, catering))?.snapshotId ?? null;
  }

  /**
   * The location's current snapshot when both the pointer (still fresh) and the snapshot are already in memory;
   * undefined when either must be waited for (then use currentSnapshotId and get).
   */
  currentIfLoaded(locationId: number, catering: boolean): LoadedSnapshot | undefined {
    const pointer = this.pointers.get(pointerKey(locationId, catering));
    if (!pointer || Date.now() - pointer.at >= POINTER_TTL_MS) return undefined;
    const snapshotId = pointer.settled;
    return snapshotId === undefined || snapshotId === null ? undefined : this.loaded.get(snapshotId);
  }

  /** The store read through `tx` (a transaction of this store's database). */
  through(tx: Db): SnapshotReader {
    return {
      get: (snapshotId) => this.getThrough(tx, snapshotId),
      currentSnapshotId: (locationId, catering) => this.currentSnapshotIdThrough(tx, locationId, catering),
      currentIfLoaded: (locationId, catering) => this.currentIfLoaded(locationId, catering),
    };
  }
}

const pointerKey = (locationId: number, catering: boolean) => `${locationId}|${catering}`;

const storeOf = perDb((db) => new SnapshotStore(db));

/**
 * The snapshot store of a database (one per app; tests build several apps in one process), read through the
 * given handle: the root handle, or a transaction's, whose reads then stay on the transaction's connection.
 */
export function snapshotStore(db: Db): SnapshotReader {
  const store = storeOf(db);
  return rootHandleOf(db) === db ? store : store.through(db);
}

/** Memoises a serialized answer of a snapshot; variants beyond the bound are computed every time. */
export function memoResponse(snapshot: LoadedSnapshot, variant: string, build: () => string): SerializedBody {
  const cached = snapshot.responses.get(variant);
  if (cached !== undefined) return cached;
  const value = new SerializedBody(build());
  if (snapshot.responses.size < MAX_VARIANTS) snapshot.responses.set(variant, value);
  return value;
}

/** Memoises an encoded item-pricing answer of a snapshot (bounded; beyond the bound computed every time). */
export function memoPricing(snapshot: LoadedSnapshot, key: string, build: () => string): Buffer {
  const cached = snapshot.pricings.get(key);
  if (cached !== undefined) return cached;
  const value = Buffer.from(build(), 'utf8');
  if (snapshot.pricings.size < MAX_PRICINGS) snapshot.pricings.set(key, value);
  return value;
}

/** Memoises a serialized descendants answer of a snapshot (bounded; beyond the bound computed every time). */
export function memoDescendants(snapshot: LoadedSnapshot, key: string, build: () => string): SerializedBody {
  const cached = snapshot.descendants.get(key);
  if (cached !== undefined) return cached;
  const value = new SerializedBody(build());
  if (snapshot.descendants.size < MAX_DESCENDANTS) snapshot.descendants.set(key, value);
  return value;
}
