import { parseTip } from '@storefront/contracts/checkout-rules';
import { percentOfCents } from '@storefront/contracts/money';

/** Preset tips as a percentage of the item total. */
export const TIP_PERCENTS = [10, 15, 20] as const;

/**
 * What the custom tip box keeps while typing: '$' and commas dropped, digits with at most 3 before the point
 * and 2 after it ('1234' -> '123', '12.345' -> '12.34', '$1,5' -> '15', 'abc' -> '').
 */
export function sanitizeTipInput(raw: string): string {
  const cleaned = raw.replace(/[$,\s]/g, '').replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  const integer = whole.slice(0, 3);
  if (rest.length === 0) return integer;
  return `${integer}.${rest.join('').slice(0, 2)}`;
}

/** The custom tip formatted on blur ('12.5' -> '12.50', '' stays ''); unparsable input stays as typed. */
export function formatTipInput(raw: string): string {
  const parsed = parseTip(raw);
  if (!parsed.ok || parsed.cents === null) return raw;
  return (parsed.cents / 100).toFixed(2);
}

/** The tip in cents for a choice: none, a percentage of the item total, or a custom amount. */
export function tipCentsFor(
  choice: { kind: 'none' } | { kind: 'percent'; percent: number } | { kind: 'custom'; value: string },
  subtotalCents: number,
): number | null {
  switch (choice.kind) {
    case 'none':
      return 0;
    case 'percent':
      return percentOfCents(subtotalCents, choice.percent);
    case 'custom': {
      const parsed = parseTip(choice.value);
      return parsed.ok ? (parsed.cents ?? 0) : null;
    }
  }
}
