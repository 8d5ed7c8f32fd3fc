import type { Metadata } from 'next';
import { KitchenScreen } from '@/features/kitchen/components/kitchen-screen';
import { getKitchenPage } from '@/features/kitchen/kitchen.queries';

export const metadata: Metadata = { title: 'Kitchen', robots: { index: false } };

export default async function KitchenPage({
  searchParams,
}: {
  searchParams: Promise<{ location?: string | string[] }>;
}) {
  const { location } = await searchParams;
  const page = await getKitchenPage(Array.isArray(location) ? location[0] : location);
  return <KitchenScreen page={page} />;
}
