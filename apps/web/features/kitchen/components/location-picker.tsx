'use client';

import { useRouter } from 'next/navigation';

/** Chooses the location whose orders the board shows (`/kitchen?location={id}`). */
export function LocationPicker({
  locations,
  selectedId,
}: {
  locations: { id: number; name: string; openOrders: number }[];
  selectedId: number;
}) {
  const router = useRouter();
  return (
    <div className="flex w-full min-w-0 items-center gap-2 sm:w-auto">
      <label htmlFor="kitchen-location" className="text-sm font-semibold">
        Location
      </label>
      <select
        id="kitchen-location"
        value={selectedId}
        onChange={(e) => router.push(`/kitchen?location=${encodeURIComponent(e.target.value)}`)}
        className="min-h-12 w-full min-w-0 rounded-lg border border-gray-400 bg-white px-3 text-gray-900 sm:w-auto sm:max-w-md"
      >
        {locations.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name} ({l.openOrders} open)
          </option>
        ))}
      </select>
    </div>
  );
}
