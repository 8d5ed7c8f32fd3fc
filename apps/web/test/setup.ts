import { beforeEach } from 'vitest';
import { pendingLoads } from './next-dynamic';

// Components split with next/dynamic are loaded before each test (loads may start more loads: a lazily
// loaded dialog module defines its own lazy parts).
beforeEach(async () => {
  while (pendingLoads.size > 0) await Promise.all([...pendingLoads]);
});
