import { describe, expect, it } from 'vitest';
import { contrastRatio, foregroundFor, normaliseHex, themeStyle } from './theme';

describe('theme', () => {
  it('reads 3- and 6-digit hex colours and refuses anything else', () => {
    expect(normaliseHex('#8B0000')).toBe('#8b0000');
    expect(normaliseHex('fff')).toBe('#ffffff');
    expect(normaliseHex('#12345')).toBeNull();
    expect(normaliseHex('red')).toBeNull();
  });

  it('picks white text on dark red and black text on light colours (threshold 3)', () => {
    expect(foregroundFor('#8b0000')).toBe('#ffffff');
    expect(foregroundFor('#ffeb3b')).toBe('#000000');
    // #959595 is just under 3:1 against white
    expect(contrastRatio('#959595', '#ffffff')).toBeLessThan(3);
    expect(foregroundFor('#959595')).toBe('#000000');
    expect(foregroundFor('#767676')).toBe('#ffffff');
  });

  it('falls back to the default dark red theme', () => {
    const style = themeStyle(null) as Record<string, string>;
    expect(style['--brand']).toBe('#8b0000');
    expect(style['--brand-fg']).toBe('#ffffff');
    const custom = themeStyle({ primaryColor: '#ffeb3b', primaryFont: 'Lora' }) as Record<string, string>;
    expect(custom['--brand-fg']).toBe('#000000');
    // A template's font goes in front of the platform's own interface font; no web font is loaded.
    expect(custom['--font-primary']).toBe("'Lora', var(--font-system)");
    expect(custom['--font-secondary']).toBe("'Lora', var(--font-system)");
    expect(style['--font-primary']).toBe('var(--font-system)');
  });
});
