/**
 * Compiles styles/globals.css with Tailwind (the same PostCSS plugin `next dev` runs), minified, for a production
 * build to inline (next.config.ts).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import tailwindcss from '@tailwindcss/postcss';

export const STYLESHEET_SOURCE = fileURLToPath(new URL('./globals.css', import.meta.url));

export async function compileStylesheet(from: string = STYLESHEET_SOURCE): Promise<string> {
  const source = await readFile(from, 'utf8');
  const result = await postcss([tailwindcss({ optimize: { minify: true } })]).process(source, { from });
  return result.css;
}
