import { use, type ComponentType } from 'react';

/**
 * `next/dynamic` for component tests: the loader starts at once (when the module defining the component is
 * imported), so by the time a test renders, the component is there and renders synchronously like an
 * ordinary import. Until then it suspends. The production code-splitting itself is exercised by the browser
 * journeys.
 */
export default function dynamic<P extends object>(
  loader: () => Promise<ComponentType<P> | { default: ComponentType<P> }>,
): ComponentType<P> {
  let Loaded: ComponentType<P> | null = null;
  const pending = loader().then((m) => {
    Loaded = 'default' in m ? m.default : m;
  });
  function Dynamic(props: P) {
    if (!Loaded) use(pending);
    const Component = Loaded as ComponentType<P> | null;
    return Component ? <Component {...props} /> : null;
  }
  return Dynamic;
}
