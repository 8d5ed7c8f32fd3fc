import { describe, expect, it } from 'vitest';
import { parseStoreQuery, storeQueryString } from './store-query';

describe('store page query parameters', () => {
  it('reads fp, fv, wm, fm and addedItemId', () => {
    expect(
      parseStoreQuery({ fp: 'curbside', fv: '7', wm: 'false', fm: 'pickup', addedItemId: '42' }),
    ).toEqual({ fp: 'curbside', fv: '7', wm: false, fm: 'pickup', addedItemId: 42 });
  });

  it('drops invalid values and keeps the valid ones', () => {
    expect(
      parseStoreQuery({ fp: 'boat', fv: '<script>', wm: 'maybe', fm: 'delivery', addedItemId: '-3' }),
    ).toEqual({ fm: 'delivery' });
    expect(parseStoreQuery({ fp: ['table', 'curbside'], fv: ['12'] })).toEqual({ fp: 'table', fv: '12' });
  });

  it('keeps the lasting parameters on links, not the one-off addedItemId', () => {
    expect(storeQueryString({ fp: 'table', fv: '12', wm: false, addedItemId: 5 })).toBe(
      '?fp=table&fv=12&wm=false',
    );
    expect(storeQueryString({})).toBe('');
  });
});
