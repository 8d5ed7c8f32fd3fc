/*
 * Card brand marks drawn inline (no image requests, no icon dependency): Visa, Mastercard, Discover and a
 * generic card for any other brand (spec section 9: card logos visa, mastercard, discover; others generic).
 */

export type CardLogo = 'visa' | 'mastercard' | 'discover' | 'generic';

const LABEL: Record<CardLogo, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  discover: 'Discover',
  generic: 'Card',
};

/** The logo a brand name maps to: visa, mastercard, discover, else the generic card. */
export function cardLogoOf(brand: string | null | undefined): CardLogo {
  const b = (brand ?? '').toLowerCase();
  return b === 'visa' || b === 'mastercard' || b === 'discover' ? b : 'generic';
}

/** One brand mark, 38x24; `label` false when the brand is already said in text beside it. */
export function CardBrandLogo({ logo, label = true }: { logo: CardLogo; label?: boolean }) {
  return (
    <svg
      viewBox="0 0 38 24"
      width="38"
      height="24"
      role={label ? 'img' : undefined}
      aria-label={label ? LABEL[logo] : undefined}
      aria-hidden={label ? undefined : true}
      className="shrink-0"
    >
      <rect x="0.5" y="0.5" width="37" height="23" rx="3.5" fill="#fff" stroke="#d1d5db" />
      {logo === 'visa' ? (
        <text
          x="19"
          y="16.5"
          textAnchor="middle"
          fontFamily="Arial, sans-serif"
          fontSize="11"
          fontStyle="italic"
          fontWeight="700"
          fill="#1a1f71"
        >
          VISA
        </text>
      ) : logo === 'mastercard' ? (
        <>
          <circle cx="15" cy="12" r="7" fill="#eb001b" />
          <circle cx="23" cy="12" r="7" fill="#f79e1b" fillOpacity="0.9" />
        </>
      ) : logo === 'discover' ? (
        <>
          <text x="4" y="15.5" fontFamily="Arial, sans-serif" fontSize="7" fontWeight="700" fill="#231f20">
            DISC
          </text>
          <circle cx="27" cy="13" r="3.5" fill="#f58220" />
          <text x="31" y="15.5" fontFamily="Arial, sans-serif" fontSize="7" fontWeight="700" fill="#231f20">
            V
          </text>
        </>
      ) : (
        <>
          <rect x="5" y="6" width="28" height="3.5" fill="#6b7280" />
          <rect x="5" y="14" width="10" height="2.5" rx="1" fill="#9ca3af" />
        </>
      )}
    </svg>
  );
}

/** The brands the card form takes, shown beside 'Pay with Credit Card'. */
export function CardBrandLogos() {
  return (
    <ul aria-label="Cards accepted" className="flex items-center gap-1.5">
      {(['visa', 'mastercard', 'discover', 'generic'] as const).map((logo) => (
        <li key={logo}>
          <CardBrandLogo logo={logo} label={logo !== 'generic'} />
        </li>
      ))}
    </ul>
  );
}
