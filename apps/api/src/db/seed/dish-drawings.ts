/**
 * Dishes the emoji set has no picture of, drawn here in its flat style (viewBox 0 0 100 100): onion rings were a
 * whole onion, mac & cheese a paella pan, a milkshake an empty glass of milk and a cold brew a steaming cup
 * (issue 37). A picture name may use one of these names where it would use an emoji (pictures.ts).
 */
const ring = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="#c9771f" stroke-width="10"/>` +
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="#eba33d" stroke-width="6"/>` +
  `<ellipse cx="${cx - rx * 0.35}" cy="${cy - ry * 0.72}" rx="${rx * 0.28}" ry="1.4" fill="#f9d27c"/>`;

/** An elbow of macaroni: a short thick arc, rotated. */
const elbow = (x: number, y: number, turn: number) =>
  `<path d="M${x - 4} ${y} q4 -6 8 0" transform="rotate(${turn} ${x} ${y})" fill="none" stroke="#e8a317" ` +
  `stroke-width="4.2" stroke-linecap="round"/>` +
  `<path d="M${x - 4} ${y} q4 -6 8 0" transform="rotate(${turn} ${x} ${y})" fill="none" stroke="#ffd34d" ` +
  `stroke-width="2" stroke-linecap="round"/>`;

const MACARONI: [number, number, number][] = [
  [30, 44, -20],
  [41, 40, 15],
  [52, 42, -35],
  [63, 40, 25],
  [72, 45, -10],
  [35, 52, 40],
  [47, 50, -15],
  [58, 51, 30],
  [69, 53, -40],
  [26, 51, 10],
  [41, 57, -5],
  [54, 58, 20],
  [65, 60, -25],
];

export const DISH_DRAWINGS: Readonly<Record<string, string>> = {
  'onion-rings':
    '<ellipse cx="50" cy="80" rx="44" ry="11" fill="#d9dee3"/>' +
    '<ellipse cx="50" cy="78" rx="38" ry="8" fill="#eef1f4"/>' +
    ring(33, 66, 20, 11) +
    ring(64, 66, 21, 11) +
    ring(49, 50, 21, 12) +
    ring(50, 31, 18, 10),
  'mac-and-cheese':
    '<ellipse cx="50" cy="50" rx="40" ry="16" fill="#f6c744"/>' +
    '<ellipse cx="50" cy="50" rx="40" ry="16" fill="none" stroke="#f0b429" stroke-width="2"/>' +
    MACARONI.map(([x, y, turn]) => elbow(x, y, turn)).join('') +
    '<path d="M8 50 C10 82 28 92 50 92 C72 92 90 82 92 50 Z" fill="#3f7fd1"/>' +
    '<path d="M8 50 C10 60 26 70 50 70 C74 70 90 60 92 50" fill="none" stroke="#2d66b3" stroke-width="3"/>' +
    '<path d="M16 62 C22 74 34 80 44 82" fill="none" stroke="#7fb0ea" stroke-width="3" stroke-linecap="round"/>',
  milkshake:
    // The straw, the glass with the pink shake, whipped cream and a cherry.
    '<path d="M26 38 L74 38 L67 92 L33 92 Z" fill="#dff1fb"/>' +
    '<path d="M28 44 L72 44 L66 88 L34 88 Z" fill="#f49ac1"/>' +
    '<path d="M32 52 L36 84" stroke="#fbc4dc" stroke-width="4" stroke-linecap="round"/>' +
    '<circle cx="34" cy="36" r="9" fill="#ffffff"/><circle cx="48" cy="31" r="11" fill="#ffffff"/>' +
    '<circle cx="63" cy="35" r="10" fill="#ffffff"/><circle cx="50" cy="22" r="8" fill="#ffffff"/>' +
    '<path d="M28 40 C36 44 64 44 72 40" fill="none" stroke="#e6e9ee" stroke-width="2"/>' +
    '<path d="M70 2 L62 26" stroke="#e63946" stroke-width="5" stroke-linecap="round"/>' +
    '<path d="M69 6 L67 12 M65 17 L63 23" stroke="#ffffff" stroke-width="5"/>' +
    '<path d="M50 14 C50 8 55 5 59 4" fill="none" stroke="#4c7a2a" stroke-width="2" stroke-linecap="round"/>' +
    '<circle cx="50" cy="15" r="6" fill="#d62839"/><circle cx="48" cy="13" r="1.8" fill="#ff8fa3"/>' +
    '<ellipse cx="50" cy="93" rx="19" ry="3" fill="#b8c4cc"/>',
  'iced-coffee':
    // A tall glass of coffee over ice, with a straw: cold, not steaming.
    '<path d="M62 2 L55 40" stroke="#2a9d8f" stroke-width="5" stroke-linecap="round"/>' +
    '<path d="M24 22 L76 22 L69 94 L31 94 Z" fill="#e3f1f8"/>' +
    '<path d="M27 36 L73 36 L68 90 L32 90 Z" fill="#6f3f1d"/>' +
    '<path d="M27 36 L73 36 L72 44 L28 44 Z" fill="#9a6232"/>' +
    '<rect x="33" y="28" width="15" height="15" rx="3" fill="#ffffff" fill-opacity=".75" transform="rotate(-12 40 35)"/>' +
    '<rect x="51" y="31" width="14" height="14" rx="3" fill="#ffffff" fill-opacity=".75" transform="rotate(10 58 38)"/>' +
    '<rect x="40" y="46" width="12" height="12" rx="3" fill="#ffffff" fill-opacity=".35" transform="rotate(20 46 52)"/>' +
    '<path d="M33 50 L37 84" stroke="#8c5a2f" stroke-width="3" stroke-linecap="round"/>' +
    '<ellipse cx="50" cy="95" rx="19" ry="3" fill="#b8c4cc"/>',
};

/** The SVG of a drawn dish at `height` px (square), or null when there is no drawing of that name. */
export function drawingSvg(name: string, height: number): Buffer | null {
  const body = DISH_DRAWINGS[name];
  if (body === undefined) return null;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${height}" height="${height}" viewBox="0 0 100 100">${body}</svg>`,
  );
}
