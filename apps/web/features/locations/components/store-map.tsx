'use client';

import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import { useEffect, useMemo, useState } from 'react';
import L from 'leaflet';
import type {} from 'leaflet.markercluster';
import {
  GeoJSON,
  MapContainer,
  Marker,
  Pane,
  ScaleControl,
  TileLayer,
  Tooltip,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import type { Feature } from 'geojson';
import {
  COUNTY_ZOOM,
  OFFLINE_MAX_ZOOM,
  boxOf,
  intersectBoxes,
  labelPoint,
  type Box,
  type PolygonRings,
} from '../map-labels';
import { CLUSTER_RADIUS, escapeHtml, initialMapView, type MapStore, type MapView } from '../map-view';

export interface StoreMapProps {
  stores: MapStore[];
  /** XYZ tiles; null draws the offline basemap (land, state and county outlines with their names). */
  tileUrl: string | null;
  attribution: string | null;
}

const OFFLINE_ATTRIBUTION = 'US states and counties: U.S. Census Bureau (us-atlas)';
/** Land on water (the container's sky-blue background), as printed maps colour them. */
const LAND_STYLE = { stroke: false, fillColor: '#f3f0e8', fillOpacity: 1 } as const;
const STATE_STYLE = { color: '#7c8391', weight: 1.5, fill: false } as const;
const COUNTY_STYLE = { color: '#b3ad9f', weight: 1, dashArray: '4 3', fill: false } as const;
/** County names are written from this zoom on (at 7-8 they would cover the map); states' below it. */
const COUNTY_LABEL_ZOOM = 9;
/** Two names closer than this (px, centre to centre) would overlap: the smaller area's is left out. */
const LABEL_GAP = { x: 130, y: 22 };

interface Area {
  id: string;
  name: string;
  polygons: PolygonRings[];
  box: Box;
  feature: Feature;
}

/** The areas of a TopoJSON object with their outlines as plain rings (for labels) and boxes (for culling). */
function areasOf(topojson: typeof import('topojson-client'), topology: Topology, key: string): Area[] {
  const object = topology.objects[key];
  if (!object) return [];
  const collection = topojson.feature(topology, object);
  const features = collection.type === 'FeatureCollection' ? collection.features : [collection];
  return features.flatMap((feature, index) => {
    const geometry = feature.geometry;
    const polygons: PolygonRings[] =
      geometry.type === 'Polygon'
        ? [geometry.coordinates]
        : geometry.type === 'MultiPolygon'
          ? geometry.coordinates
          : [];
    if (polygons.length === 0) return [];
    const name: unknown = feature.properties?.name;
    return [
      {
        id: String(feature.id ?? `${key}-${index}`),
        name: typeof name === 'string' ? name : '',
        polygons,
        box: boxOf(polygons),
        feature,
      },
    ];
  });
}

type Topology = Parameters<(typeof import('topojson-client'))['feature']>[0];

interface Basemap {
  nation: Feature[];
  states: Area[];
  counties: Area[] | null;
}

const boxOfBounds = (bounds: L.LatLngBounds): Box => [
  bounds.getWest(),
  bounds.getSouth(),
  bounds.getEast(),
  bounds.getNorth(),
];

/** Areas whose box meets the view, grown by half a screen each way so that a short pan needs no redraw. */
function areasNear(areas: readonly Area[], view: Box): Area[] {
  const [w, s, e, n] = view;
  const dx = (e - w) / 2;
  const dy = (n - s) / 2;
  const near: Box = [w - dx, s - dy, e + dx, n + dy];
  return areas.filter((area) => intersectBoxes(area.box, near) !== null);
}

/** The view less a margin, so that a name written near its edge is not cut off by it. */
function inset([west, south, east, north]: Box): Box {
  const dx = (east - west) * 0.1;
  const dy = (north - south) * 0.05;
  return [west + dx, south + dy, east - dx, north - dy];
}

function labelIcon(name: string, kind: 'state' | 'county') {
  const tone =
    kind === 'state'
      ? 'text-xs font-semibold tracking-widest uppercase text-gray-600'
      : 'text-sm font-medium text-gray-700';
  return L.divIcon({
    className: 'map-label-anchor',
    iconSize: undefined,
    html: `<span class="map-label absolute -translate-x-1/2 -translate-y-1/2 whitespace-nowrap [text-shadow:0_0_3px_#f3f0e8,0_0_3px_#f3f0e8] ${tone}">${escapeHtml(name)}</span>`,
  });
}

/**
 * The offline basemap (no tile server configured, the default): land on water, state lines, and from county zoom
 * the county lines, with the names of the states or counties in view (issue 24: at city zoom the map was markers
 * in a grey void crossed by state lines). The outlines come from the us-atlas TopoJSON, loaded with the map
 * chunk (counties only once the map is zoomed in to them). The names are decoration: the result list says
 * where each store is, so the label pane is hidden from assistive technology.
 */
function OfflineBasemap() {
  const map = useMap();
  const [basemap, setBasemap] = useState<Basemap | null>(null);
  const [zoom, setZoom] = useState(() => map.getZoom());
  const [view, setView] = useState<Box>(() => boxOfBounds(map.getBounds()));
  const wantCounties = zoom >= COUNTY_ZOOM;
  const hasCounties = basemap?.counties != null;

  useMapEvents({
    moveend: () => {
      setZoom(map.getZoom());
      setView(boxOfBounds(map.getBounds()));
    },
  });

  useEffect(() => {
    map.getPane('labels')?.setAttribute('aria-hidden', 'true');
  }, [map]);

  useEffect(() => {
    let live = true;
    void Promise.all([import('topojson-client'), import('us-atlas/states-10m.json')]).then(
      ([topojson, atlas]) => {
        const topology = atlas.default as unknown as Topology;
        if (!live) return;
        setBasemap((current) => ({
          nation: areasOf(topojson, topology, 'nation').map((a) => a.feature),
          states: areasOf(topojson, topology, 'states'),
          counties: current?.counties ?? null,
        }));
      },
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!wantCounties || hasCounties) return;
    let live = true;
    void Promise.all([import('topojson-client'), import('us-atlas/counties-10m.json')]).then(
      ([topojson, atlas]) => {
        if (!live) return;
        const counties = areasOf(topojson, atlas.default as unknown as Topology, 'counties');
        setBasemap((current) => (current ? { ...current, counties } : current));
      },
    );
    return () => {
      live = false;
    };
  }, [wantCounties, hasCounties]);

  const counties = useMemo(
    () => (wantCounties && basemap?.counties ? areasNear(basemap.counties, view) : []),
    [wantCounties, basemap, view],
  );

  const labels = useMemo(() => {
    if (!basemap) return [];
    const kind: 'state' | 'county' = zoom >= COUNTY_LABEL_ZOOM && basemap.counties ? 'county' : 'state';
    const areas = kind === 'county' ? counties : basemap.states;
    // Larger areas first: where two names would overlap, the larger area keeps its name.
    const ranked = [...areas].sort(
      (a, b) => (b.box[2] - b.box[0]) * (b.box[3] - b.box[1]) - (a.box[2] - a.box[0]) * (a.box[3] - a.box[1]),
    );
    const placed: { id: string; name: string; at: [number, number]; x: number; y: number }[] = [];
    for (const area of ranked) {
      if (!area.name) continue;
      const point = labelPoint(area.polygons, inset(view));
      if (!point) continue;
      const { x, y } = map.latLngToContainerPoint([point[1], point[0]]);
      if (placed.some((p) => Math.abs(p.x - x) < LABEL_GAP.x && Math.abs(p.y - y) < LABEL_GAP.y)) continue;
      placed.push({ id: area.id, name: area.name, at: [point[1], point[0]], x, y });
    }
    return placed.map((p) => ({ ...p, kind }));
  }, [basemap, counties, zoom, view, map]);

  if (!basemap) return null;
  return (
    <>
      {basemap.nation.map((feature, i) => (
        <GeoJSON
          key={`nation-${i}`}
          data={feature}
          interactive={false}
          attribution={OFFLINE_ATTRIBUTION}
          style={LAND_STYLE}
        />
      ))}
      {counties.map((area) => (
        <GeoJSON key={`county-${area.id}`} data={area.feature} interactive={false} style={COUNTY_STYLE} />
      ))}
      {basemap.states.map((area) => (
        <GeoJSON key={`state-${area.id}`} data={area.feature} interactive={false} style={STATE_STYLE} />
      ))}
      <Pane name="labels" style={{ zIndex: 450, pointerEvents: 'none' }}>
        {labels.map((label) => (
          <Marker
            key={`${label.kind}-${label.id}`}
            position={label.at}
            icon={labelIcon(label.name, label.kind)}
            interactive={false}
            keyboard={false}
            pane="labels"
          />
        ))}
      </Pane>
    </>
  );
}

/** Applies the view whenever the results change (MapContainer's own props apply only on mount). */
function FitView({ view }: { view: MapView }) {
  const map = useMap();
  useEffect(() => {
    if (view.kind === 'center') map.setView(view.center, view.zoom);
    else map.fitBounds(view.bounds, { maxZoom: view.maxZoom, padding: [40, 40] });
  }, [map, view]);
  return null;
}

/** A pin with the store's number in the result list (the list's cards carry the same number). */
function storeIcon(store: MapStore, highlighted: boolean) {
  const tone = highlighted
    ? 'bg-gray-900 text-white scale-125'
    : store.selectable
      ? 'bg-button text-button-fg'
      : 'bg-gray-500 text-white';
  return L.divIcon({
    className: 'store-marker',
    iconSize: [32, 32],
    iconAnchor: [16, 36],
    html: `<span class="grid size-8 place-items-center rounded-full rounded-br-none rotate-45 border-2 border-white shadow ${tone}"><span aria-hidden="true" data-testid="store-number" class="-rotate-45 text-sm font-bold">${store.number}</span></span><span class="sr-only">${store.number}. ${escapeHtml(store.name)}</span>`,
  });
}

function clusterIcon(cluster: L.MarkerCluster) {
  const count = cluster.getChildCount();
  return L.divIcon({
    className: 'store-cluster',
    iconSize: [40, 40],
    html: `<span class="grid size-10 place-items-center rounded-full border-2 border-white bg-gray-900 text-sm font-bold text-white shadow"><span aria-hidden="true">${count}</span><span class="sr-only">${count} stores, zoom in</span></span>`,
  });
}

/** The result card of a store (server-rendered list), found through its data attribute. */
const cardOf = (id: number) => document.querySelector<HTMLElement>(`[data-store-card="${id}"]`);

/**
 * The store map (desktop only, loaded lazily): a marker per result in clusters of radius 60, the list and the
 * map in step (hovering or focusing a card highlights its marker; a marker highlights and reveals its card).
 * Markers are focusable buttons named after their store; Enter selects them like a click.
 */
export default function StoreMap({ stores, tileUrl, attribution }: StoreMapProps) {
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const view = useMemo(() => initialMapView(stores), [stores]);

  // Cards -> map: pointer or keyboard focus on a result card highlights its marker.
  useEffect(() => {
    const idOf = (target: EventTarget | null) => {
      const card = target instanceof Element ? target.closest<HTMLElement>('[data-store-card]') : null;
      return card ? Number(card.dataset.storeCard) : null;
    };
    const enter = (event: Event) => {
      const id = idOf(event.target);
      if (id !== null) setHighlighted(id);
    };
    const leave = (event: Event) => {
      const from = idOf(event.target);
      const to = idOf((event as MouseEvent | FocusEvent).relatedTarget);
      if (from !== null && to !== from) setHighlighted((current) => (current === from ? null : current));
    };
    document.addEventListener('pointerover', enter);
    document.addEventListener('focusin', enter);
    document.addEventListener('pointerout', leave);
    document.addEventListener('focusout', leave);
    return () => {
      document.removeEventListener('pointerover', enter);
      document.removeEventListener('focusin', enter);
      document.removeEventListener('pointerout', leave);
      document.removeEventListener('focusout', leave);
    };
  }, []);

  // Map -> cards: the highlighted store's card is marked.
  useEffect(() => {
    if (highlighted === null) return;
    const card = cardOf(highlighted);
    card?.setAttribute('data-highlighted', 'true');
    return () => card?.removeAttribute('data-highlighted');
  }, [highlighted]);

  const markers = stores.map((store) => (
    <Marker
      key={store.id}
      position={[store.latitude, store.longitude]}
      icon={storeIcon(store, store.id === highlighted)}
      title={store.name}
      keyboard
      zIndexOffset={store.id === highlighted ? 1000 : 0}
      eventHandlers={{
        mouseover: () => setHighlighted(store.id),
        mouseout: () => setHighlighted((current) => (current === store.id ? null : current)),
        click: () => {
          setHighlighted(store.id);
          cardOf(store.id)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
        },
      }}
    >
      <Tooltip direction="top" offset={[0, -28]}>
        {store.name}
      </Tooltip>
    </Marker>
  ));

  return (
    <MapContainer
      center={view.kind === 'center' ? view.center : view.bounds[0]}
      zoom={view.kind === 'center' ? view.zoom : view.maxZoom}
      scrollWheelZoom={false}
      minZoom={3}
      // The offline outlines have nothing more to show closer in than OFFLINE_MAX_ZOOM.
      maxZoom={tileUrl ? 18 : OFFLINE_MAX_ZOOM}
      className="size-full rounded-2xl bg-sky-100"
    >
      {tileUrl ? <TileLayer url={tileUrl} attribution={attribution ?? ''} /> : <OfflineBasemap />}
      <ScaleControl position="bottomleft" metric={false} />
      <FitView view={view} />
      <MarkerClusterGroup maxClusterRadius={CLUSTER_RADIUS} iconCreateFunction={clusterIcon} chunkedLoading>
        {markers}
      </MarkerClusterGroup>
    </MapContainer>
  );
}
