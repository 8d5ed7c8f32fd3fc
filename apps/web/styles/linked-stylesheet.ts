// The stylesheet as a <link>, for `next dev` (hot reloading). A production build aliases this module to `empty.ts`
// and inlines the same stylesheet in each document's head instead (`next.config.ts`, `inline-stylesheet.tsx`).
import './globals.css';
