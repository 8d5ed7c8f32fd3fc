import Link from 'next/link';

/** An unknown or expired tracking link. */
export function OrderUnavailable() {
  return (
    <section
      aria-labelledby="order-unavailable-title"
      className="flex flex-col items-center gap-3 py-12 text-center"
    >
      <h2 id="order-unavailable-title" className="text-2xl font-bold">
        This order is no longer available.
      </h2>
      <p className="text-gray-700">It may have expired or the link is invalid.</p>
      <p className="mt-4 font-semibold">Want to order now?</p>
      <Link
        href="/search-locations"
        className="rounded-full bg-button px-6 py-3 font-semibold text-button-fg hover:brightness-110"
      >
        Find nearby stores
      </Link>
    </section>
  );
}
