// @vitest-environment node
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureInterSubset, interSourcePath, latinRanges, type CodePointRange } from './inter-subset';

type Font = fontkit.Font;

function open(bytes: Buffer): Font {
  return fontkit.create(bytes) as Font;
}

/** Advance widths of a run of text (default instance: weight 400), with the given OpenType features. */
function advances(font: Font, text: string, features: string[] = []): number[] {
  return font.layout(text, features).positions.map((p) => p.xAdvance);
}

describe('the storefront font (Inter cut at build time)', () => {
  let dir: string;
  let target: string;
  let source: Font;
  let subset: Font;
  let subsetBytes: Buffer;
  let sourceBytes: Buffer;
  let ranges: CodePointRange[];

  beforeAll(async () => {
    ranges = await latinRanges();
    dir = await mkdtemp(join(tmpdir(), 'inter-subset-'));
    target = await ensureInterSubset(join(dir, 'inter.woff2'));
    sourceBytes = await readFile(interSourcePath());
    subsetBytes = await readFile(target);
    source = open(sourceBytes);
    subset = open(subsetBytes);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is a WOFF2 a third smaller than the file it is made from', () => {
    expect(subsetBytes.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(subsetBytes.length).toBeLessThan(sourceBytes.length * 0.7);
  });

  it('keeps a glyph for every character the source font has in its latin range', () => {
    const missing: string[] = [];
    // @fontsource's latin subset, as its stylesheet gives it.
    expect(ranges).toEqual(
      expect.arrayContaining([
        [0x0, 0xff],
        [0x20ac, 0x20ac],
        [0x2000, 0x206f],
      ]),
    );
    for (const [from, to] of ranges) {
      for (let code = from; code <= to; code += 1) {
        if (source.hasGlyphForCodePoint(code) && !subset.hasGlyphForCodePoint(code)) {
          missing.push(`U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
        }
      }
    }
    expect(missing).toEqual([]);
    for (const char of 'Café Crème · €12.50 – “Combo” ½ ×2') {
      expect(subset.hasGlyphForCodePoint(char.codePointAt(0) ?? 0), char).toBe(true);
    }
  });

  it('varies from 400 to 800, the weights the styles use, and sets text as the source does', () => {
    expect(source.variationAxes.wght).toMatchObject({ min: 100, max: 900 });
    expect(subset.variationAxes.wght).toMatchObject({ min: 400, default: 400, max: 800 });
    expect(advances(subset, 'Add to Order · Café $12.50 AVATAR')).toEqual(
      advances(source, 'Add to Order · Café $12.50 AVATAR'),
    );
  });

  it('keeps tabular figures (prices line up) and kerning', () => {
    expect(subset.availableFeatures).toEqual(expect.arrayContaining(['tnum', 'kern']));
    expect(new Set(advances(subset, '1234567890', ['tnum'])).size).toBe(1);
    expect(new Set(advances(subset, '1234567890')).size).toBeGreaterThan(1);
  });

  it('is made once: a second call with the same source and settings leaves the file alone', async () => {
    const before = await stat(target);
    await ensureInterSubset(target);
    expect((await stat(target)).mtimeMs).toBe(before.mtimeMs);
  });

  it('is made again when the file is gone', async () => {
    await rm(target);
    await ensureInterSubset(target);
    expect(await readFile(target)).toEqual(subsetBytes);
  });
});
