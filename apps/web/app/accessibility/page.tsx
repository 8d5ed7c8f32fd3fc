import type { Metadata } from 'next';
import { SiteHeader } from '@/components/ui/site-header';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';
import { getSiteSettings } from '@/features/locations/locations.queries';
import { env } from '@/lib/env';

export const metadata: Metadata = { title: 'Accessibility statement' };

/** /accessibility: the storefront's accessibility statement (conformance target, testing, limits, contact). */
export default async function AccessibilityPage() {
  const { companyName } = await getSiteSettings();
  const contact = env.ACCESSIBILITY_CONTACT_EMAIL;
  return (
    <>
      <SiteHeader brandName={companyName} logoHref="/" />
      <main id={MAIN_CONTENT_ID} className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 leading-relaxed">
        <h1 className="font-display text-3xl font-bold">Accessibility statement</h1>
        <p>
          {companyName} wants every guest to be able to find a store, order and pay on this site, whatever
          device or assistive technology they use.
        </p>

        <section aria-labelledby="target-title" className="flex flex-col gap-2">
          <h2 id="target-title" className="text-xl font-bold">
            Conformance target
          </h2>
          <p>
            We aim to conform to the{' '}
            <a href="https://www.w3.org/TR/WCAG22/" className="underline">
              Web Content Accessibility Guidelines (WCAG) 2.2
            </a>{' '}
            at level AA on every page a guest uses: store search, menus, item pages, checkout, payment,
            confirmation, order tracking and the account pages.
          </p>
        </section>

        <section aria-labelledby="testing-title" className="flex flex-col gap-2">
          <h2 id="testing-title" className="text-xl font-bold">
            How we test
          </h2>
          <ul className="list-disc pl-6">
            <li>
              Every automated journey through the site, on a phone-sized and a desktop screen, checks each
              page and dialog it reaches with the axe-core engine and fails on any violation.
            </li>
            <li>
              A second engine, HTML_CodeSniffer run through pa11y, checks the main pages against WCAG 2 AA,
              and the Nu HTML Checker checks that their markup is valid.
            </li>
            <li>
              Journeys are driven by the keyboard alone where a guest would type: dialogs keep focus inside
              and give it back when they close, and focus moves to the new page&apos;s heading after a
              navigation.
            </li>
            <li>Texts and controls keep a contrast of at least 4.5:1 in every brand&apos;s colours.</li>
          </ul>
        </section>

        <section aria-labelledby="limits-title" className="flex flex-col gap-2">
          <h2 id="limits-title" className="text-xl font-bold">
            Known limitations
          </h2>
          <ul className="list-disc pl-6">
            <li>
              The card form is a frame served by the payment processor. We check it with the same tools, but
              its wording and behaviour are the processor&apos;s.
            </li>
            <li>
              The store map is for sighted guests; every store on it is also in the list beside it, with its
              address, distance and hours as text.
            </li>
            <li>
              The captcha asks the browser to solve a small puzzle, with no image or sound to read; it needs
              JavaScript.
            </li>
          </ul>
        </section>

        <section aria-labelledby="contact-title" className="flex flex-col gap-2">
          <h2 id="contact-title" className="text-xl font-bold">
            Contact us
          </h2>
          <p>
            If something on this site stops you from ordering, tell us at{' '}
            <a href={`mailto:${contact}`} className="underline">
              {contact}
            </a>{' '}
            and say which page and what you were trying to do. We answer within two business days, and the
            store will take your order by phone in the meantime.
          </p>
        </section>
      </main>
    </>
  );
}
