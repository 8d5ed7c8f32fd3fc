import { headers } from 'next/headers';
import { ErrorScreen } from '@/components/ui/error-screen';
import { getSiteSettings } from '@/features/locations/locations.queries';

export default async function NotFound() {
  const [path, { companyName }] = await Promise.all([
    headers().then((h) => h.get('x-pathname') ?? ''),
    getSiteSettings(),
  ]);
  // An unknown store or path still wears the brand's name, not the generic 'Online Ordering'.
  return <ErrorScreen statusCode={404} message={`Page not found: ${path}`} companyName={companyName} />;
}
