'use client';

import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import { useEffect, useMemo, useState } from 'react';
import L from 'leaflet';
import type {} from 'leaflet.markercluster';
import { GeoJSON, MapContainer, Marker, TileLayer, Tooltip, useMap } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import type { FeatureCollection } from 'geojson';
import { CLUSTER_RADIUS, escapeHtml, initialMapView, type MapStore, type MapView } from '../map-view';

export interface StoreMapProps {
  stores: MapStore[];
  /** XYZ tiles; null draws the offline basemap of US state outlines. */
  tileUrl: string | null;
  attribution: string | null;
}

const OFFLINE_ATTRIBUTION = 'US state outlines: U.S. Census Bureau (us-atlas)';

/** The offline basemap: US states from the us-atlas TopoJSON, loaded with the map chunk only when needed. */
function StateOutlines() {
  const [states, setStates] = useState<FeatureCollection | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([import('topojson-client'), import('us-atlas/states-10m.json')]).then(
      ([topojson, atlas]) => {
        const topology = atlas.default as unknown as Parameters<typeof topojson.feature>[0];
        const object = topology.objects.states;
        if (!live || !object) return;
        const collection = topojson.feature(topology, object);
        if (collection.type === 'FeatureCollection') setStates(collection);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  if (!states) return null;
  return (
    <GeoJSON
      data={states}
      interactive={false}
      attribution={OFFLINE_ATTRIBUTION}
      style={{ color: '#6b7280', weight: 1, fillColor: '#f9fafb', fillOpacity: 1 }}
    />
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

function storeIcon(store: MapStore, highlighted: boolean) {
  const tone = highlighted
    ? 'bg-gray-900 text-white scale-125'
    : store.selectable
      ? 'bg-button text-button-fg'
      : 'bg-gray-500 text-white';
  return L.divIcon({
    className: 'store-marker',
    iconSize: [28, 28],
    iconAnchor: [14, 28],
    html: `<span class="grid size-7 place-items-center rounded-full rounded-br-none rotate-45 border-2 border-white shadow ${tone}"><span class="sr-only">${escapeHtml(store.name)}</span></span>`,
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
      maxZoom={18}
      className="size-full rounded-2xl bg-sky-100"
    >
      {tileUrl ? <TileLayer url={tileUrl} attribution={attribution ?? ''} /> : <StateOutlines />}
      <FitView view={view} />
      <MarkerClusterGroup maxClusterRadius={CLUSTER_RADIUS} iconCreateFunction={clusterIcon} chunkedLoading>
        {markers}
      </MarkerClusterGroup>
    </MapContainer>
  );
}
