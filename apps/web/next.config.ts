import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_SERVER } from 'next/constants';
import { ensureInterSubset } from './fonts/inter-subset';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Lets several dev servers (or a dev server and a build) work side by side in one checkout.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  reactStrictMode: true,
  transpilePackages: ['@storefront/contracts'],
  typescript: { ignoreBuildErrors: false },
  images: { unoptimized: true },
  // Titles and other metadata always in <head> (blocking metadata for every user agent). Streamed metadata
  // left pages without a <title> while a client refresh re-resolved it (axe: document-title), and tab titles
  // flickered; the data behind every page's metadata is the page's own cached data, so nothing waits longer.
  htmlLimitedBots: /.*/,
};

/**
 * A build or a dev server loads this first: the layout's font file is made here when missing. `next start` serves
 * a build that already holds it, and a production install has no build tools (subset-font is a dev dependency).
 */
export default async function config(phase: string): Promise<NextConfig> {
  if (phase !== PHASE_PRODUCTION_SERVER) await ensureInterSubset();
  return nextConfig;
}
