import type { Metadata } from 'next';
import { SiteHeader } from '@/components/ui/site-header';
import { getSiteSettings } from '@/features/locations/locations.queries';
import { ResetPasswordScreen } from '@/features/session/components/reset-password-screen';

export const metadata: Metadata = { title: 'Create New Password' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** /my-account/reset-password?token=: the e-mailed reset link; reachable signed out (no account guard). */
export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  const settings = await getSiteSettings();
  const value = (Array.isArray(token) ? token[0] : token) || null;
  return (
    <div className="flex min-h-dvh flex-col font-sans">
      <SiteHeader brandName={settings.brandName} logoHref="/" />
      <ResetPasswordScreen token={value} />
    </div>
  );
}
