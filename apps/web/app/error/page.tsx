import type { Metadata } from 'next';
import { ErrorScreen } from '@/components/ui/error-screen';

export const metadata: Metadata = { title: 'Error' };

export default async function ErrorPage({
  searchParams,
}: {
  searchParams: Promise<{ code?: string; message?: string }>;
}) {
  const { code, message } = await searchParams;
  const status = Number(code);
  return (
    <ErrorScreen
      statusCode={Number.isInteger(status) && status > 0 ? status : 400}
      message={message?.slice(0, 200) ?? 'The page you asked for does not exist.'}
    />
  );
}
