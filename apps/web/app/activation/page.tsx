import type { Metadata } from 'next';
import { SiteHeader } from '@/components/ui/site-header';
import { getSiteSettings } from '@/features/locations/locations.queries';
import { ActivationScreen } from '@/features/session/components/activation-screen';
import { getCaptchaConfig } from '@/features/session/session.queries';
import { getOrderRef, orderMenuHref } from '@/lib/order-cookie';

export const metadata: Metadata = { title: 'Account Activation' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

/** /activation?email=&token=: the e-mailed activation link (footer hidden). */
export default async function ActivationPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const [settings, order] = await Promise.all([getSiteSettings(), getOrderRef()]);
  return (
    <div className="flex min-h-dvh flex-col font-sans">
      <SiteHeader brandName={settings.brandName} logoHref="/" />
      <ActivationScreen
        email={single(params.email)}
        token={single(params.token)}
        orderNowHref={order ? orderMenuHref(order) : '/'}
        captcha={getCaptchaConfig()}
      />
    </div>
  );
}
