import Link from 'next/link';
import { SiteHeader } from './site-header';

/** The error page: 'Error', the status code and message, a logo link to / and 'Go back home'. */
export function ErrorScreen({ statusCode, message }: { statusCode: number; message: string }) {
  return (
    <>
      <SiteHeader brandName="Online Ordering" logoHref="/" />
      <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">Error</h1>
        <p className="text-5xl font-bold text-brand">{statusCode}</p>
        <p className="text-lg text-gray-700">{message}</p>
        <Link href="/" className="rounded-full bg-button px-6 py-3 font-semibold text-button-fg">
          Go back home
        </Link>
      </main>
    </>
  );
}
