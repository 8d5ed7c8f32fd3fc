import type { CSSProperties } from 'react';

/** Default theme colour (spec: dark red 8B0000 with white foreground). */
export const DEFAULT_BRAND_COLOR = '#8B0000';
/** Contrast ratio at or above which white text is used on a colour; below it, black. */
export const CONTRAST_THRESHOLD = 3;

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A '#rrggbb' colour, or null when the value is not a 3- or 6-digit hex colour ('Color must be an hex value'). */
export function normaliseHex(value: string | null | undefined): string | null {
  const match = value ? HEX.exec(value.trim()) : null;
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return `#${digits.toLowerCase()}`;
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio between two '#rrggbb' colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White text when its contrast with the background reaches the threshold, else black. */
export function foregroundFor(background: string): '#ffffff' | '#000000' {
  return contrastRatio(background, '#ffffff') >= CONTRAST_THRESHOLD ? '#ffffff' : '#000000';
}

export interface ThemeInput {
  primaryColor?: string | null;
  secondaryColor?: string | null;
  headerBackgroundColor?: string | null;
  buttonPrimaryColor?: string | null;
  buttonSecondaryColor?: string | null;
  primaryFont?: string | null;
  secondaryFont?: string | null;
}

/** CSS custom properties for a UI template; unknown or invalid values fall back to the default theme. */
export function themeStyle(input: ThemeInput | null | undefined): CSSProperties {
  const brand = normaliseHex(input?.primaryColor) ?? DEFAULT_BRAND_COLOR.toLowerCase();
  const secondary = normaliseHex(input?.secondaryColor) ?? brand;
  const header = normaliseHex(input?.headerBackgroundColor) ?? brand;
  const button = normaliseHex(input?.buttonPrimaryColor) ?? brand;
  const buttonSecondary = normaliseHex(input?.buttonSecondaryColor) ?? '#ffffff';
  const font = (name: string | null | undefined) =>
    name && /^[\w\s-]{1,60}$/.test(name) ? `'${name}', var(--font-system)` : 'var(--font-system)';
  return {
    '--brand': brand,
    '--brand-fg': foregroundFor(brand),
    '--brand-secondary': secondary,
    '--header-bg': header,
    '--header-fg': foregroundFor(header),
    '--button': button,
    '--button-fg': foregroundFor(button),
    '--button-secondary': buttonSecondary,
    '--button-secondary-fg': foregroundFor(buttonSecondary),
    '--font-primary': font(input?.primaryFont),
    '--font-secondary': font(input?.secondaryFont ?? input?.primaryFont),
  } as CSSProperties;
}

/** The theme input of a location's UI template (null: the default theme). */
export function themeFromTemplate(
  template: {
    text: { primaryFont: string; secondaryFont: string; primaryColor: string; secondaryColor: string };
    header: { backgroundColor: string };
    button: { primaryColor: string; secondaryColor: string };
  } | null,
): ThemeInput | null {
  if (!template) return null;
  return {
    primaryColor: template.text.primaryColor,
    secondaryColor: template.text.secondaryColor,
    headerBackgroundColor: template.header.backgroundColor,
    buttonPrimaryColor: template.button.primaryColor,
    buttonSecondaryColor: template.button.secondaryColor,
    primaryFont: template.text.primaryFont,
    secondaryFont: template.text.secondaryFont,
  };
}
