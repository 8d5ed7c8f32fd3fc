import type { ComponentType } from 'react';

/** Loads started by `dynamic()` and not finished yet (awaited before each test by test/setup.ts). */
export const pendingLoads = new Set<Promise<unknown>>();

/**
 * `next/dynamic` for component tests: the loader starts at once (when the module defining the component is
 * imported) and test/setup.ts waits for every load before each test, so a test renders the component
 * synchronously like an ordinary import. The production code-splitting itself is exercised by the browser
 * journeys.
 */
export default function dynamic<P extends object>(
  loader: () => Promise<ComponentType<P> | { default: ComponentType<P> }>,
): ComponentType<P> {
  let Loaded: ComponentType<P> | null = null;
  const pending = loader().then((m) => {
    Loaded = 'default' in m ? m.default : m;
  });
  pendingLoads.add(pending);
  void pending.finally(() => pendingLoads.delete(pending));
  function Dynamic(props: P) {
    // Suspense's protocol, should a test render before the load is done.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!Loaded) throw pending;
    return <Loaded {...props} />;
  }
  return Dynamic;
}
