import { Paper } from '@mantine/core';
import L from 'leaflet';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_VIEW, useLeafletMap } from '../../overview';
import classes from './location-picker.module.css';

// A CSS marker: no image assets, so it works in the build and without tile or icon downloads.
const pin = L.divIcon({ className: classes.marker, iconSize: [18, 18], iconAnchor: [9, 9] });

export interface Coordinates {
  latitude: number;
  longitude: number;
}

interface LocationPickerProps {
  /** The position typed into the fields, when it is a valid one. */
  value: Coordinates | undefined;
  onPick: (coordinates: Coordinates) => void;
}

/** Click the map or drag the marker to set a site's position; works without tiles (offline). */
export function LocationPicker({ value, onPick }: LocationPickerProps) {
  const { t } = useTranslation();
  const [mapRef, map] = useLeafletMap((created) =>
    value
      ? created.setView([value.latitude, value.longitude], 12)
      : created.setView(DEFAULT_VIEW.center, DEFAULT_VIEW.zoom),
  );
  const latitude = value?.latitude;
  const longitude = value?.longitude;
  const markerLabel = t('siteAdmin.settings.marker');
  const pickAt = useEffectEvent((point: L.LatLng) => {
    const { lat, lng } = point.wrap();
    onPick({ latitude: lat, longitude: lng });
  });

  useEffect(() => {
    if (!map) return;
    const pickOnClick = (event: L.LeafletMouseEvent) => pickAt(event.latlng);
    map.on('click', pickOnClick);
    return () => {
      map.off('click', pickOnClick);
    };
  }, [map]);

  // The marker stands at the position of the fields; dragging it picks where it is dropped.
  useEffect(() => {
    if (!map || latitude === undefined || longitude === undefined) return;
    const marker = L.marker([latitude, longitude], {
      icon: pin,
      draggable: true,
      title: markerLabel,
      alt: markerLabel,
    });
    marker.on('dragend', () => pickAt(marker.getLatLng()));
    marker.addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, latitude, longitude, markerLabel]);

  // Brings a position typed into the fields into view.
  useEffect(() => {
    if (!map || latitude === undefined || longitude === undefined) return;
    const point = L.latLng(latitude, longitude);
    if (!map.getBounds().contains(point)) map.panTo(point);
  }, [map, latitude, longitude]);

  return (
    <Paper withBorder className={classes.frame} role="region" aria-label={t('siteAdmin.settings.map')}>
      <div ref={mapRef} className={classes.map} />
    </Paper>
  );
}
