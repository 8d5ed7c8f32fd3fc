import type { Metadata, Viewport } from 'next';
import '@/styles/linked-stylesheet';
import { InlineStylesheet } from '@/styles/inline-stylesheet';
import { ToastProvider } from '@/components/ui/toast';

export const metadata: Metadata = {
  title: { default: 'Online Ordering', template: '%s' },
  description: 'Order food online for pickup.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-dvh antialiased">
        <InlineStylesheet />
        <ToastProvider>{children}</ToastProvider>
      </body>
    </html>
  );
}
