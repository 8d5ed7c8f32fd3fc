import type { Metadata, Viewport } from 'next';
import localFont from 'next/font/local';
import './globals.css';
import { ToastProvider } from '@/components/ui/toast';

/**
 * Inter (the @fontsource-variable file: one 48 kB file for every weight, against 72 kB for the three static
 * weights it replaced) through next/font: preloaded, and shown over a fallback whose metrics are adjusted to
 * Inter's, so text does not reflow (a layout shift on the store header) when the font arrives.
 */
const inter = localFont({
  src: '../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
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
