/**
 * One order line as the guest reads it in summaries (checkout, tracking): 'quantity x title', the portion, the
 * modifiers ('2 x Bacon, Swiss') and the line's note.
 */
export function OrderLineDetails({
  quantity,
  title,
  portionTitle,
  modifiers,
  note,
}: {
  quantity: number;
  title: string;
  portionTitle: string | null;
  modifiers: readonly { title: string; quantity: number }[];
  note: string | null;
}) {
  return (
    <div className="min-w-0">
      <p className="font-semibold">
        {quantity} x {title}
      </p>
      {portionTitle ? <p className="text-sm text-gray-700">{portionTitle}</p> : null}
      {modifiers.length > 0 ? (
        <p className="text-sm text-gray-700">
          {modifiers.map((m) => (m.quantity > 1 ? `${m.quantity} x ${m.title}` : m.title)).join(', ')}
        </p>
      ) : null}
      {note ? <p className="text-sm italic text-gray-700">{note}</p> : null}
    </div>
  );
}
