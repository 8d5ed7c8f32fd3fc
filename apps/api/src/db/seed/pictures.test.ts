import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoItemPictures, demoPictureNames } from './menus';
import { PICTURE_HEIGHT, PICTURE_WIDTH, hasEmoji, pictureLayers, renderDishPicture } from './pictures';

const mainOf = (title: string) => {
  const name = demoItemPictures().get(title);
  if (!name) throw new Error(`No picture for ${title}`);
  return pictureLayers(name).main;
};

describe('demo pictures', () => {
  it('draw each burger as a burger (issue 24: the Double Bacon Smash was bacon strips)', () => {
    for (const title of [
      'Classic Burger',
      'Double Bacon Smash',
      'Garden Veggie Burger',
      'Mushroom Swiss Burger',
    ]) {
      expect(mainOf(title), title).toBe('hamburger');
    }
    expect(pictureLayers(demoItemPictures().get('Double Bacon Smash') ?? '').accents).toEqual(['bacon']);
  });

  it('draw the bowls with food in them (the Build-Your-Own Bowl was an empty plastic bowl)', () => {
    expect(mainOf('Build-Your-Own Bowl')).toBe('green-salad');
    expect(mainOf('Bowl Bar for 10')).toBe('green-salad');
    expect(mainOf('Vegetable Ramen')).toBe('steaming-bowl');
    expect(mainOf('Crispy Chicken Sandwich')).toBe('sandwich');
    expect(mainOf('Milkshake')).toBe('milkshake');
    // Cold drinks are not the steaming cups of hot ones.
    expect(mainOf('Iced Tea')).not.toBe('teacup-without-handle');
    expect(mainOf('Cold Brew')).not.toBe('hot-beverage');
    const used = demoPictureNames().flatMap((n) => {
      const { main, accents } = pictureLayers(n);
      return [main, ...accents];
    });
    for (const wrong of ['bowl-with-spoon', 'bento-box', 'takeout-box', 'stuffed-flatbread']) {
      expect(used, wrong).not.toContain(wrong);
    }
  });

  it('draw the dishes the emoji set has no picture of (issue 37: a whole onion, a paella pan, an empty glass)', async () => {
    expect(mainOf('Onion Rings')).toBe('onion-rings');
    expect(mainOf('Mac & Cheese')).toBe('mac-and-cheese');
    expect(mainOf('Milkshake')).toBe('milkshake');
    expect(mainOf('Cold Brew')).toBe('iced-coffee');
    for (const name of ['onion-rings', 'mac-and-cheese', 'milkshake', 'iced-coffee']) {
      const png = await renderDishPicture(name, '#fff4e6');
      const { width, height } = await sharp(png).metadata();
      expect([width, height]).toEqual([PICTURE_WIDTH, PICTURE_HEIGHT]);
      // Something is drawn: the picture is not just its background.
      const { channels } = await sharp(png).stats();
      expect(
        channels.some((c) => c.max - c.min > 100),
        name,
      ).toBe(true);
    }
  });

  it('name only emoji of the set, with at most two accents', () => {
    for (const name of demoPictureNames()) {
      const { main, accents } = pictureLayers(name);
      for (const emoji of [main, ...accents]) expect(hasEmoji(emoji), `${name}: ${emoji}`).toBe(true);
    }
    expect(pictureLayers('hamburger')).toEqual({ main: 'hamburger', accents: [] });
    expect(pictureLayers('hamburger--bacon--cheese-wedge')).toEqual({
      main: 'hamburger',
      accents: ['bacon', 'cheese-wedge'],
    });
    expect(() => pictureLayers('a--b--c--d')).toThrow(/up to 2 accents/);
    expect(() => pictureLayers('hamburger--')).toThrow(/Bad picture name/);
  });

  it('render a dish with its accents at the menu picture size', async () => {
    const png = await renderDishPicture('hamburger--bacon', '#FFF1E6');
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', PICTURE_WIDTH, PICTURE_HEIGHT]);
    await expect(renderDishPicture('no-such-emoji', '#FFFFFF')).rejects.toThrow(/Unknown emoji/);
  });
});
