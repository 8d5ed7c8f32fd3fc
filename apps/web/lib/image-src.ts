/** Storefront-origin image URL (`/images/{id}?width=&height=` proxies the API's image route). */
export function imageSrc(imageFileId: string, size: { width: number; height: number }): string {
  return `/images/${encodeURIComponent(imageFileId)}?width=${size.width}&height=${size.height}`;
}
