// Stands in for `linked-stylesheet.ts` in a production build (the stylesheet is inlined there).
export {};
