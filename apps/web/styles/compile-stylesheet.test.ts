// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { compileStylesheet } from './compile-stylesheet';

describe('compileStylesheet (the stylesheet a production build inlines in every document)', () => {
  it('holds the utilities the pages use, the theme variables and the hand-written rules, minified', async () => {
    const css = await compileStylesheet();
    // Utilities found in the app's sources (root layout, buttons), a theme colour read from the UI template's
    // variable (`@theme inline`), the default brand colour and a rule of globals.css itself.
    expect(css).toContain('.min-h-dvh{');
    expect(css).toContain('.bg-button{background-color:var(--button)}');
    expect(css).toContain('--brand:#8b0000');
    expect(css).toContain('.animate-stage-pulse{');
    expect(css).not.toMatch(/\n\s+/);
    // Only what the sources use: a utility no file names is not generated (built here, so that this file does
    // not name it either).
    expect(css).not.toContain(`.${['mt', '\\[4321px\\]'].join('-')}{`);
    expect(css).toContain('.mt-6{');
  });
});
