import { headers } from 'next/headers';
import { ErrorScreen } from '@/components/ui/error-screen';
import { getSiteSettings } from '@/features/locations/locations.queries';
import { isBotRequest } from '@/lib/bot';

export default async function NotFound() {
  const [path, { companyName }, forBot] = await Promise.all([
    headers().then((h) => h.get('x-pathname') ?? ''),
    getSiteSettings(),
    isBotRequest(),
  ]);
  // An unknown store or path still wears the brand's name, not the generic 'Online Ordering'.
  return (
    <ErrorScreen
      statusCode={404}
      message={`Page not found: ${path}`}
      companyName={companyName}
      forBot={forBot}
    />
  );
}
