import { formatCents } from '@storefront/contracts/money';

/** A money amount given in dollars (as the API sends it), shown as $x.xx. */
export function Price({ dollars, className }: { dollars: number; className?: string }) {
  return <span className={className}>{formatCents(Math.round(dollars * 100))}</span>;
}
