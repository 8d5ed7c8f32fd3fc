import { describe, expect, it } from 'vitest';
import { CLUSTER_RADIUS, DEFAULT_MAP_CENTER, escapeHtml, initialMapView, RESULTS_ZOOM } from './map-view';

const store = (id: number, latitude: number, longitude: number) => ({
  id,
  name: `Store ${id}`,
  latitude,
  longitude,
  selectable: true,
  number: id,
});

describe('initialMapView', () => {
  it('shows the country around the default centre without results', () => {
    expect(DEFAULT_MAP_CENTER).toEqual([39.5, -98.35]);
    expect(initialMapView([])).toMatchObject({ kind: 'center', center: [39.5, -98.35] });
  });

  it('zooms to 12 on a single store', () => {
    expect(initialMapView([store(1, 38.9, -77.04)])).toEqual({
      kind: 'center',
      center: [38.9, -77.04],
      zoom: 12,
    });
  });

  it('fits several stores, never closer than zoom 12', () => {
    expect(initialMapView([store(1, 38.9, -77.04), store(2, 39.0, -77.1), store(3, 38.8, -76.9)])).toEqual({
      kind: 'bounds',
      bounds: [
        [38.8, -77.1],
        [39.0, -76.9],
      ],
      maxZoom: RESULTS_ZOOM,
    });
    expect(CLUSTER_RADIUS).toBe(60);
  });

  it('escapes store names for marker html', () => {
    expect(escapeHtml(`Joe's <Diner> & "Bar"`)).toBe('Joe&#39;s &lt;Diner&gt; &amp; &quot;Bar&quot;');
  });
});
