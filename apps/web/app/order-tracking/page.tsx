import type { Metadata } from 'next';
import { TrackingScreen } from '@/features/tracking/components/tracking-screen';
import { getTrackingPage } from '@/features/tracking/tracking.queries';

type SearchParams = Promise<{ oid?: string | string[]; tk?: string | string[]; fp?: string | string[] }>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const query = await searchParams;
  const page = await getTrackingPage(first(query.oid), first(query.tk));
  return { title: `Track your Order | ${page.companyName}`, robots: { index: false } };
}

export default async function OrderTrackingPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const page = await getTrackingPage(first(query.oid), first(query.tk));
  return <TrackingScreen {...page} hidePickupChange={first(query.fp) === 'curbside'} />;
}
