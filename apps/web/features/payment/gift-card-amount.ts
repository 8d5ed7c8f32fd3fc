/**
 * The Gift Card amount box (checkout-account spec section 5): what it keeps while typing, how it reads on blur,
 * its value in cents and what it is prefilled with. The amount rule itself (adjusted to the lesser of balance
 * and due) is the shared giftCardAmountRule of the contracts, which the API applies too.
 */

/**
 * What the amount box keeps while typing: '$', commas and anything but digits and one point dropped, at most
 * 2 decimals ('$1,234.567' -> '1234.56', '12.' stays '12.' so the guest can go on typing).
 */
export function maskGiftCardAmount(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  // Five integer digits reach the API's $99,999.99 ceiling and no further (no order or card goes past it).
  if (point === -1) return cleaned.slice(0, 5);
  const whole = cleaned.slice(0, point).slice(0, 5);
  const decimals = cleaned
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, 2);
  return `${whole}.${decimals}`;
}

/** The amount in integer cents, or null when the box holds no number ('', '.', '$'). */
export function giftCardAmountCents(text: string): number | null {
  const masked = maskGiftCardAmount(text);
  if (!/\d/.test(masked)) return null;
  const [whole = '', decimals = ''] = masked.split('.');
  return Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0'));
}

/** '$x.xx' for cents: how the box reads once it loses focus (commas left out, since they are stripped anyway). */
export function formatGiftCardAmount(cents: number): string {
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The box on blur: '12.5' -> '$12.50'; an empty box stays empty. */
export function blurGiftCardAmount(text: string): string {
  const cents = giftCardAmountCents(text);
  return cents === null ? '' : formatGiftCardAmount(cents);
}

/** What the box is prefilled with after a balance check: the lesser of the balance and the amount due. */
export function prefillGiftCardCents(balanceCents: number, dueCents: number): number {
  return Math.max(0, Math.min(balanceCents, dueCents));
}
