import Link from 'next/link';
import { ArrowLeft } from 'lucide-react';

/**
 * The spec's simple layout (ordering §2: 'a back header with a title'), for /checkout, /payment and
 * /confirmation: a back arrow, the page's title as its one heading, and the brand's name without a link (the
 * payment page's 'logo link disabled'). The title is the page's h1, so a screen reader's first heading is where
 * the guest is.
 */
export function SimpleHeader({
  title,
  titleId,
  back,
  brandName,
}: {
  title: string;
  titleId?: string;
  /** Where the arrow goes and what it says to a screen reader ('Back to Menu'); none: no arrow. */
  back: { href: string; label: string } | null;
  brandName: string;
}) {
  return (
    <header className="sticky top-0 z-30 bg-header text-header-fg shadow-sm">
      <div className="mx-auto grid h-14 max-w-5xl grid-cols-[2.75rem_1fr_2.75rem] items-center gap-2 px-2 md:grid-cols-[12rem_1fr_12rem] md:px-4">
        {back ? (
          <Link
            href={back.href}
            aria-label={back.label}
            className="inline-flex min-h-11 min-w-11 items-center gap-2 justify-self-start rounded-full font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-header-fg md:px-2"
          >
            <ArrowLeft aria-hidden className="size-6 shrink-0" />
            <span aria-hidden className="hidden md:inline">
              {back.label}
            </span>
          </Link>
        ) : (
          <span />
        )}
        <h1 id={titleId} className="truncate text-center font-display text-lg font-bold md:text-xl">
          {title}
        </h1>
        <span className="hidden truncate text-right text-sm font-semibold md:block">{brandName}</span>
      </div>
    </header>
  );
}
