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
      <span aria-hidden className="grid size-8 place-items-center rounded-full bg-header-fg text-header">
        {brandName.slice(0, 1)}
      </span>
      {brandName}
    </span>
  );
  return (
    <header className="sticky top-0 z-30 bg-header text-header-fg shadow-sm">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4">
        {logoHref ? (
          // Not prefetched: the page's own requests come first while it loads (the home page is rarely next).
          <Link href={logoHref} prefetch={false} aria-label={`${brandName} home`}>
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
