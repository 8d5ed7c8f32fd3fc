/**
 * Whether a path leaves the store's location: anything but the store's own pages (/{id}/menu, /{id}/catering
 * and their item pages) and the order's own next steps (checkout, payment).
 */
export function isLeavingLocation(pathname: string, locationId: number): boolean {
  if (pathname === `/${locationId}` || pathname.startsWith(`/${locationId}/`)) return false;
  return !['/checkout', '/payment'].some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
