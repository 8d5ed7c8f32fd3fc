/**
 * The demo dishes' pictures, drawn from the fluent-emoji-flat set (MIT) with sharp. The set has one emoji per
 * food, not one per dish: a Double Bacon Smash is a hamburger, not bacon strips. A picture name is the dish's
 * emoji, optionally followed by up to two accents after '--' ('hamburger--bacon'): the accents sit in round
 * badges at the bottom right, so a bacon burger reads as a burger first and the menu's burgers still differ.
 */
import sharp, { type OverlayOptions } from 'sharp';
import { icons } from '@iconify-json/fluent-emoji-flat';
import { getIconData, iconToHTML, iconToSVG, replaceIDs } from '@iconify/utils';
import { DISH_DRAWINGS, drawingSvg } from './dish-drawings';

export const PICTURE_WIDTH = 828;
export const PICTURE_HEIGHT = 622;
const MAIN_HEIGHT = 440;
const BADGE = 230;
const ACCENT_HEIGHT = 150;
const MARGIN = 28;
/** Between a dish's emoji and its accents in a picture name (emoji names use single hyphens). */
export const ACCENT_SEPARATOR = '--';
const MAX_ACCENTS = 2;

/** The emoji of a picture name: the dish first, then its accents. */
export function pictureLayers(name: string): { main: string; accents: string[] } {
  const [main = '', ...accents] = name.split(ACCENT_SEPARATOR);
  if (!main || accents.length > MAX_ACCENTS || accents.some((a) => !a)) {
    throw new Error(`Bad picture name '${name}': an emoji and up to ${MAX_ACCENTS} accents after '--'`);
  }
  return { main, accents };
}

/** Whether the emoji set (or our own drawings, dish-drawings.ts) has this picture. */
export const hasEmoji = (name: string) => name in DISH_DRAWINGS || getIconData(icons, name) !== null;

function emojiSvg(name: string, height: number): Buffer {
  const drawn = drawingSvg(name, height);
  if (drawn) return drawn;
  const data = getIconData(icons, name);
  if (!data) throw new Error(`Unknown emoji picture '${name}'`);
  const svg = iconToSVG(data, { height });
  return Buffer.from(iconToHTML(replaceIDs(svg.body), svg.attributes));
}

/** The picture of `name` on `background`, PICTURE_WIDTH x PICTURE_HEIGHT PNG. */
export async function renderDishPicture(name: string, background: string): Promise<Buffer> {
  const { main, accents } = pictureLayers(name);
  // With accents the dish moves up and left, so the badges overlap its edge rather than its middle.
  const shift = accents.length > 0 ? { x: -70, y: -30 } : { x: 0, y: 0 };
  const mainPng = await sharp(emojiSvg(main, MAIN_HEIGHT)).png().toBuffer();
  const mainMeta = await sharp(mainPng).metadata();
  const layers: OverlayOptions[] = [
    {
      input: mainPng,
      left: Math.round((PICTURE_WIDTH - (mainMeta.width ?? MAIN_HEIGHT)) / 2 + shift.x),
      top: Math.round((PICTURE_HEIGHT - (mainMeta.height ?? MAIN_HEIGHT)) / 2 + shift.y),
    },
  ];
  for (const [i, accent] of accents.entries()) {
    const r = BADGE / 2;
    const badge = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${BADGE}" height="${BADGE}">` +
        `<circle cx="${r}" cy="${r}" r="${r - 4}" fill="#ffffff" stroke="#00000014" stroke-width="6"/></svg>`,
    );
    const badgePng = await sharp(badge)
      .composite([{ input: emojiSvg(accent, ACCENT_HEIGHT), gravity: 'center' }])
      .png()
      .toBuffer();
    layers.push({
      input: badgePng,
      left: PICTURE_WIDTH - MARGIN - BADGE - i * (BADGE - 30),
      top: PICTURE_HEIGHT - MARGIN - BADGE,
    });
  }
  return sharp({ create: { width: PICTURE_WIDTH, height: PICTURE_HEIGHT, channels: 4, background } })
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
