import { headers } from 'next/headers';
import { ErrorScreen } from '@/components/ui/error-screen';

export default async function NotFound() {
  const path = (await headers()).get('x-pathname') ?? '';
  return <ErrorScreen statusCode={404} message={`Page not found: ${path}`} />;
}
