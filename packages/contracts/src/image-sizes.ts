/** Picture sizes the API's image route serves (a module of its own: client components import it without zod). */
export const IMAGE_SIZES = {
  menuItem: { width: 226, height: 170 },
  itemPage: { width: 828, height: 622 },
  modifier: { width: 192, height: 144 },
} as const;
