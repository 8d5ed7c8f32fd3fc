import type { Metadata } from 'next';

/** The spec's favicon sizes: 32 (tab), 180 (Apple touch), 192 (Android). */
const FAVICON_SIZES = [32, 180, 192] as const;

function sized(favIcon: string, size: number): string {
  // A URL is used as it is; anything else is an image id served by the storefront's image route.
  if (/^(https?:)?\/\//.test(favIcon) || favIcon.startsWith('/')) return favIcon;
  return `/images/${encodeURIComponent(favIcon)}?width=${size}&height=${size}`;
}

/** Metadata icons for a template's favicon; undefined leaves the default. */
export function faviconIcons(favIcon: string | null | undefined): Metadata['icons'] {
  if (!favIcon) return undefined;
  const [small, apple, android] = FAVICON_SIZES;
  return {
    icon: [
      { url: sized(favIcon, small), sizes: `${small}x${small}` },
      { url: sized(favIcon, android), sizes: `${android}x${android}` },
    ],
    apple: [{ url: sized(favIcon, apple), sizes: `${apple}x${apple}` }],
  };
}
