/**
 * The order history and its details: on a wide screen 'Order Details' opens the details route as a modal over
 * the list (the `modal` slot intercepts it); loaded directly, or on a phone, the details are a page.
 */
export default function OrderHistoryLayout({
  children,
  modal,
}: {
  children: React.ReactNode;
  modal: React.ReactNode;
}) {
  return (
    <>
      {children}
      {modal}
    </>
  );
}
