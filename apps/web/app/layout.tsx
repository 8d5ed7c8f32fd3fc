import type { Metadata, Viewport } from 'next';
import localFont from 'next/font/local';
import './globals.css';
import { ToastProvider } from '@/components/ui/toast';

/**
 * Inter (one variable file for every weight the storefront uses, 400-800, made from the @fontsource-variable file
 * at build time: fonts/inter-subset.ts, 32 kB) through next/font: preloaded, and shown over a fallback whose
 * metrics are adjusted to Inter's, so text does not reflow (a layout shift on the store header) when it arrives.
 */
const inter = localFont({
  src: '../../../node_modules/.cache/storefront-fonts/inter-latin-wght-400-800.woff2',
  weight: '400 800',
  variable: '--font-inter',
  display: 'swap',
  adjustFontFallback: 'Arial',
});

export const metadata: Metadata = {
  title: { default: 'Online Ordering', template: '%s' },
  description: 'Order food online for pickup.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-dvh antialiased">
        <ToastProvider>{children}</ToastProvider>
      </body>
    </html>
  );
}
