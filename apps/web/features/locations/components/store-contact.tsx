import { MapPin, Phone } from '@/components/ui/static-icons';
import type { Store } from '@storefront/contracts/locations';
import { cn } from '@/lib/cn';

/** A store's street address and tappable phone number, as the result cards and the store info dialog show them. */
export function StoreContact({
  store,
  className,
}: {
  store: Pick<Store, 'address' | 'contactInformation'>;
  className?: string;
}) {
  const { address } = store;
  const phone = store.contactInformation.phone;
  return (
    <div className={cn('flex flex-col gap-1 text-sm', className)}>
      <p className="flex items-start gap-1.5 text-gray-700">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          {address.address1}
          {address.address2 ? `, ${address.address2}` : ''}, {address.city}, {address.stateCode}{' '}
          {address.postalCode}
        </span>
      </p>
      <p className="flex items-center gap-1.5">
        <Phone aria-hidden className="size-4 shrink-0 text-gray-700" />
        <a
          href={`tel:${phone.replace(/[^\d+]/g, '')}`}
          className="relative z-10 text-gray-900 underline underline-offset-2"
        >
          {phone}
        </a>
      </p>
    </div>
  );
}
