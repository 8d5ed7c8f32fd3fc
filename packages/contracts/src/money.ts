/** Money is integer cents in the domain; the API's JSON carries dollars rounded to 2 decimals. */

/** Dollars (as the spec shows them) from integer cents. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Integer cents from a dollar amount, rounding half away from zero at the cent. */
export function dollarsToCents(dollars: number): number {
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100 + Number.EPSILON);
}

/** '$ x.xx' style display is done by the storefront; this gives '$12.50'. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** Percentage of an amount in cents, rounded to the cent (e.g. the 10% default driver tip). */
export function percentOfCents(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}
