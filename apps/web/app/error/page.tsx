import type { Metadata } from 'next';
import { ErrorScreen } from '@/components/ui/error-screen';
import { getSiteSettings } from '@/features/locations/locations.queries';
import { isBotRequest } from '@/lib/bot';
import { errorPageContent } from './error-codes';

export const metadata: Metadata = { title: 'Error' };

/** `/error?code=`: the status and text of a known code (error-codes.ts); the URL supplies no text. */
export default async function ErrorPage({
  searchParams,
}: {
  searchParams: Promise<{ code?: string | string[] }>;
}) {
  const { code } = await searchParams;
  const { status, message } = errorPageContent(typeof code === 'string' ? code : undefined);
  const [{ companyName }, forBot] = await Promise.all([getSiteSettings(), isBotRequest()]);
  return <ErrorScreen statusCode={status} message={message} companyName={companyName} forBot={forBot} />;
}
