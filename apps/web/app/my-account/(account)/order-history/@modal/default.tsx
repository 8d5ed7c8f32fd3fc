/** No details open over the order history. */
export default function NoOrderDetails() {
  return null;
}
