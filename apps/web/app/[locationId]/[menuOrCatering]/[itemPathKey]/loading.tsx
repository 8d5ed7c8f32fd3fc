/** Shown while an item page loads: picture, title and option placeholders. */
export default function ItemLoading() {
  return (
    <div aria-busy="true" className="mx-auto w-full max-w-6xl px-4 py-6">
      <p role="status" className="sr-only">
        Loading the item…
      </p>
      <div aria-hidden className="grid gap-6 motion-safe:animate-pulse md:grid-cols-2">
        <div className="aspect-[828/622] w-full rounded-2xl bg-gray-200" />
        <div className="flex flex-col gap-4">
          <div className="h-8 w-2/3 rounded bg-gray-200" />
          <div className="h-16 w-full rounded bg-gray-200" />
          <div className="h-32 w-full rounded-2xl bg-gray-200" />
          <div className="h-32 w-full rounded-2xl bg-gray-200" />
        </div>
      </div>
    </div>
  );
}
