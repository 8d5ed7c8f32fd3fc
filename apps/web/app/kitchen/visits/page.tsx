import type { Metadata } from 'next';
import Link from 'next/link';
import { PageVisitReportSchema } from '@storefront/contracts/analytics';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';
import { SiteHeader } from '@/components/ui/site-header';
import { PageVisitReportView } from '@/features/kitchen/components/page-visit-report';
import { getStaffSession } from '@/features/kitchen/kitchen-cookie';
import { apiRequest } from '@/lib/api';

export const metadata: Metadata = { title: 'Page visits | Kitchen', robots: { index: false } };

/** /kitchen/visits: the first-party page-visit report, for a signed-in kitchen (else the way to sign in). */
export default async function KitchenVisitsPage() {
  const token = await getStaffSession();
  const report = token
    ? await apiRequest(PageVisitReportSchema, 'staff/page-visits', { token, query: { days: 7 } })
    : null;
  return (
    <>
      <SiteHeader brandName="Kitchen" logoHref={null} />
      <main id={MAIN_CONTENT_ID} className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="mb-4 text-2xl font-bold">Page visits</h1>
        {report?.ok ? (
          <PageVisitReportView report={report.value} />
        ) : (
          <p>
            {report ? 'The report could not be loaded. ' : ''}
            <Link href="/kitchen" className="font-semibold underline underline-offset-4">
              Sign in to the kitchen
            </Link>{' '}
            to see it.
          </p>
        )}
        <p className="mt-6">
          <Link href="/kitchen" className="font-semibold underline underline-offset-4">
            Back to the kitchen
          </Link>
        </p>
      </main>
    </>
  );
}
