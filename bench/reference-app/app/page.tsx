import { Counter } from './counter';

/** The reference page: a minimal Next.js page with one client component, measured beside ours. */
export default function Page() {
  return (
    <main>
      <h1>Reference page</h1>
      <p>A minimal page of the same Next.js and React versions, with one client component.</p>
      <Counter />
    </main>
  );
}
