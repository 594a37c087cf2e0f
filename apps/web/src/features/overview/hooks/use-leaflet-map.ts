import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { type RefCallback, useCallback, useEffect, useRef, useState } from 'react';
import { useClientSettings } from '../api/get-client-settings';

/**
 * A plain Leaflet map on the element the returned ref is put on, with the configured map tiles when there are any
 * (without them the map still works, offline). `place` sets the first view; later values of it are ignored, as a
 * map keeps the view the user moved it to. The map is removed with the element.
 */
/** Where a map opens when it has nothing to show yet: central Europe. */
export const DEFAULT_VIEW: { center: L.LatLngTuple; zoom: number } = { center: [50, 10], zoom: 4 };

export function useLeafletMap(place: (map: L.Map) => void): [RefCallback<HTMLDivElement>, L.Map | undefined] {
  const firstPlace = useRef(place);
  const [map, setMap] = useState<L.Map>();
  const ref = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const created = L.map(element, { scrollWheelZoom: true });
    firstPlace.current(created);
    setMap(created);
    return () => {
      setMap(undefined);
      created.remove();
    };
  }, []);

  const tileUrl = useClientSettings().data?.mapTileUrl;
  useEffect(() => {
    if (!map || !tileUrl) return;
    const tiles = L.tileLayer(tileUrl, { attribution: '&copy; OpenStreetMap contributors' }).addTo(map);
    return () => {
      tiles.remove();
    };
  }, [map, tileUrl]);

  return [ref, map];
}
