import { CreditCard } from 'lucide-react';

const LOGOS = {
  visa: { name: 'Visa', text: 'VISA', className: 'bg-[#1a1f71] text-white italic' },
  mastercard: { name: 'Mastercard', text: 'MC', className: 'bg-[#231f20] text-[#f79e1b]' },
  discover: { name: 'Discover', text: 'DISC', className: 'bg-[#ff6000] text-black' },
} as const;

type KnownLogo = keyof typeof LOGOS;

function isKnownLogo(value: string): value is KnownLogo {
  return value in LOGOS;
}

/** The card brand's logo (visa, mastercard, discover); any other brand shows a generic card icon. */
export function CardLogo({ cardLogo }: { cardLogo: string }) {
  const key = cardLogo.trim().toLowerCase();
  if (!isKnownLogo(key)) {
    return (
      <span
        role="img"
        aria-label="Card"
        className="inline-grid h-7 w-11 place-items-center rounded border border-gray-400"
      >
        <CreditCard aria-hidden className="size-5 text-gray-700" />
      </span>
    );
  }
  const logo = LOGOS[key];
  return (
    <span
      role="img"
      aria-label={logo.name}
      className={`inline-grid h-7 w-11 place-items-center rounded text-[0.65rem] font-extrabold tracking-tight ${logo.className}`}
    >
      <span aria-hidden>{logo.text}</span>
    </span>
  );
}
