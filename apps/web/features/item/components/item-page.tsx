import Link from 'next/link';
import { ArrowLeft } from 'lucide-react';
import { IMAGE_SIZES } from '@storefront/contracts/image-sizes';
import type { MenuNode } from '@storefront/contracts/menu';
import {
  ItemCustomization,
  type ItemOptions,
  type EditedLine,
  type ItemSubmission,
  type ItemSubmitResult,
} from './item-customization';
import { ItemDescription } from './item-description';
import { imageSrc } from '@/lib/image-src';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';

/** Picture through the storefront origin, at the item page size. */
const itemImageSrc = (imageFileId: string) => imageSrc(imageFileId, IMAGE_SIZES.itemPage);

function caloriesLabel(item: MenuNode): string | null {
  const info = item.nutritionInfo;
  if (info?.calories) return /cal/i.test(info.calories) ? info.calories : `${info.calories} Cal`;
  return info?.defaultCalories != null ? `${info.defaultCalories} Cal` : null;
}

export const REORDER_UNAVAILABLE =
  'Your past choices for this item could not be loaded (sign in to reorder). ' +
  'You can still customize this item and add it to your order.';

/** The item page: back link, 828x622 picture, title, description (View More/Less), calories and the form. */
export function ItemPage({
  item,
  snapshotId,
  locationId,
  menuType,
  backHref,
  portionTitles,
  allowNotes,
  edit,
  submit,
  reorderRequested = false,
  ...options
}: {
  item: MenuNode;
  snapshotId: number;
  locationId: number;
  menuType: 'menu' | 'catering';
  backHref: string;
  portionTitles: Readonly<Record<number, string>>;
  allowNotes: boolean;
  edit: EditedLine | null;
  submit: (submission: ItemSubmission) => Promise<ItemSubmitResult>;
  /** `pastItemId` was given but its past line could not be loaded (a guest, or not this customer's line). */
  reorderRequested?: boolean;
} & ItemOptions) {
  const display = item.displayAttribute;
  const title = display?.itemTitle ?? item.title;
  const description = display?.description ?? display?.shortDescription ?? null;
  const calories = caloriesLabel(item);
  const { width, height } = IMAGE_SIZES.itemPage;
  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-6xl flex-1 px-4 pb-6 pt-3 md:pt-6">
      <Link
        href={backHref}
        className="mb-3 inline-flex min-h-11 items-center gap-2 rounded font-semibold text-gray-900"
      >
        <ArrowLeft aria-hidden className="size-5" />
        Back to menu
      </Link>
      <div className="grid gap-6 md:grid-cols-2 md:items-start">
        <div className="md:sticky md:top-20">
          {display?.imageFileId ? (
            // eslint-disable-next-line @next/next/no-img-element -- sized by the API's image route; no optimizer
            <img
              src={itemImageSrc(display.imageFileId)}
              alt={title}
              width={width}
              height={height}
              fetchPriority="high"
              className="aspect-[828/622] w-full rounded-2xl bg-gray-100 object-cover"
            />
          ) : (
            <div aria-hidden className="aspect-[828/622] w-full rounded-2xl bg-gray-200" />
          )}
        </div>
        <div className="flex flex-col gap-4">
          {reorderRequested ? (
            <p
              role="status"
              className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            >
              {REORDER_UNAVAILABLE}
            </p>
          ) : null}
          <div className="flex flex-col gap-2">
            <h1 className="font-display text-3xl font-bold">{title}</h1>
            {description ? <ItemDescription text={description} /> : null}
            {calories ? <p className="text-sm font-semibold text-gray-700">{calories}</p> : null}
            {item.isOutOfStock ? <p className="font-semibold text-red-700">Not Available</p> : null}
          </div>
          <ItemCustomization
            item={item}
            snapshotId={snapshotId}
            locationId={locationId}
            menuType={menuType}
            portionTitles={portionTitles}
            allowNotes={allowNotes}
            edit={edit}
            submit={submit}
            {...options}
          />
        </div>
      </div>
    </main>
  );
}
