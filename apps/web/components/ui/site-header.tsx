import Link from 'next/link';

/**
 * The brand bar. `logoHref` null disables the logo link (checkout and payment); `children` sit on the right
 * (login, store edit, ...).
 */
export function SiteHeader({
  brandName,
  logoHref,
  children,
}: {
  brandName: string;
  logoHref: string | null;
  children?: React.ReactNode;
}) {
  const logo = (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight">
      {/* The mark is a picture (the bag of the site icon), with no letters: the link's visible text is the brand
          name alone, which its accessible name ('{brand} home') begins with (WCAG 2.5.3 Label in Name). */}
      <svg aria-hidden viewBox="0 0 32 32" className="size-8 shrink-0">
        <circle cx="16" cy="16" r="16" className="fill-header-fg" />
        <path d="M10 11h12l-1.5 12h-9z" className="fill-header" />
        <path d="M12 11c0-2.5 1.8-4 4-4s4 1.5 4 4" fill="none" strokeWidth="2" className="stroke-header" />
      </svg>
      {brandName}
    </span>
  );
  return (
    <header className="sticky top-0 z-30 bg-header text-header-fg shadow-sm">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4">
        {logoHref ? (
          // Not prefetched: the page's own requests come first while it loads (the home page is rarely next).
          <Link
            href={logoHref}
            prefetch={false}
            aria-label={`${brandName} home`}
            // The header's height, not the mark's 32 px: a 44 px touch target.
            className="flex min-h-11 items-center"
          >
            {logo}
          </Link>
        ) : (
          logo
        )}
        {children ? <div className="flex items-center gap-3">{children}</div> : null}
      </div>
    </header>
  );
}
