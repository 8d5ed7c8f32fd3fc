import { visibleMaskedNumber, type SavedPayment } from '@storefront/contracts/saved-payments';

const BRAND_NAME: Record<SavedPayment['cardLogo'], string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  discover: 'Discover',
  generic: 'Card',
};

/**
 * My account's Saved Payments: one card per saved card (brand, the last 8 characters of its masked number and
 * its billing address), with the controls the page composes in (`actions`: delete, address edit). With no card
 * saved it says how one is saved.
 */
export function SavedPaymentList({
  cards,
  logo,
  actions,
}: {
  cards: readonly SavedPayment[];
  logo: (card: SavedPayment) => React.ReactNode;
  actions: (card: SavedPayment) => React.ReactNode;
}) {
  return (
    <section aria-labelledby="saved-payments-heading" className="flex flex-col gap-4">
      <h2 id="saved-payments-heading" className="text-2xl font-bold">
        Saved Payments
      </h2>
      {cards.length === 0 ? (
        <p className="text-gray-700">
          No saved cards yet. Tick &lsquo;Save this card&rsquo; when you pay with a new card to keep it here.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {cards.map((card) => (
            <li key={card.id}>
              <article
                aria-label={`${BRAND_NAME[card.cardLogo]} ${visibleMaskedNumber(card.maskedCardNumber)}`}
                className="flex flex-wrap items-center gap-4 rounded-2xl bg-white p-4 shadow-sm"
              >
                {logo(card)}
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="font-mono font-semibold">
                    {visibleMaskedNumber(card.maskedCardNumber)}
                  </span>
                  <span className="text-sm text-gray-700">{addressLine(card)}</span>
                </div>
                <div className="flex items-center gap-2">{actions(card)}</div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function addressLine(card: SavedPayment): string {
  const a = card.billingAddress;
  if (!a) return 'No billing address';
  const text = [a.address1, [a.city, a.state].filter(Boolean).join(', '), a.postalCode]
    .filter(Boolean)
    .join(' ');
  return text || 'No billing address';
}
