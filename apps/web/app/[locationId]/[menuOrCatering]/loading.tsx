/** Shown while a store page loads: the header and a few card placeholders. */
export default function StoreLoading() {
  return (
    <div aria-busy="true" className="mx-auto w-full max-w-7xl px-4 py-6">
      <p role="status" className="sr-only">
        Loading the menu…
      </p>
      <div aria-hidden className="flex flex-col gap-4 motion-safe:animate-pulse">
        <div className="h-8 w-64 rounded bg-gray-200" />
        <div className="h-4 w-40 rounded bg-gray-200" />
        <div className="h-10 w-full rounded-full bg-gray-200" />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <div key={i} className="h-56 rounded-2xl bg-gray-200" />
          ))}
        </div>
      </div>
    </div>
  );
}
