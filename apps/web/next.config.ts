import type { NextConfig } from 'next';

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

export default nextConfig;
