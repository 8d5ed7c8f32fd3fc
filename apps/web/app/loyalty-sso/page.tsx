import type { Metadata } from 'next';
import { SiteHeader } from '@/components/ui/site-header';
import { getSiteSettings } from '@/features/locations/locations.queries';
import { LoyaltySsoReturn } from '@/features/session/components/loyalty-sso-return';

export const metadata: Metadata = { title: 'Signing in', robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

/** /loyalty-sso?code=&state=: the loyalty program's return after a member signed in (or cancelled). */
export default async function LoyaltySsoPage({ searchParams }: { searchParams: SearchParams }) {
  const [params, settings] = await Promise.all([searchParams, getSiteSettings()]);
  return (
    <div className="flex min-h-dvh flex-col font-sans">
      <SiteHeader brandName={settings.brandName} logoHref="/" />
      <LoyaltySsoReturn
        params={{
          code: single(params.code),
          state: single(params.state),
          iss: single(params.iss),
          error: single(params.error),
        }}
      />
    </div>
  );
}
