import 'leaflet/dist/leaflet.css';
import { Paper } from '@mantine/core';
import L from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useClientSettings } from '../../overview/api/get-client-settings';
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
  const tileUrl = useClientSettings().data?.mapTileUrl;
  const center: L.LatLngTuple = value ? [value.latitude, value.longitude] : [50, 10];
  return (
    <Paper withBorder className={classes.frame} role="region" aria-label={t('siteAdmin.settings.map')}>
      <MapContainer center={center} zoom={value ? 12 : 4} className={classes.map} scrollWheelZoom>
        {tileUrl && <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap contributors" />}
        <PickOnClick onPick={onPick} />
        <FollowValue value={value} />
        {value && (
          <Marker
            position={[value.latitude, value.longitude]}
            icon={pin}
            draggable
            title={t('siteAdmin.settings.marker')}
            alt={t('siteAdmin.settings.marker')}
            eventHandlers={{
              dragend: (event) => {
                const { lat, lng } = (event.target as L.Marker).getLatLng().wrap();
                onPick({ latitude: lat, longitude: lng });
              },
            }}
          />
        )}
      </MapContainer>
    </Paper>
  );
}

function PickOnClick({ onPick }: Pick<LocationPickerProps, 'onPick'>) {
  useMapEvents({
    click: (event) => {
      const { lat, lng } = event.latlng.wrap();
      onPick({ latitude: lat, longitude: lng });
    },
  });
  return null;
}

/** Brings a position typed into the fields into view. */
function FollowValue({ value }: Pick<LocationPickerProps, 'value'>) {
  const map = useMap();
  const latitude = value?.latitude;
  const longitude = value?.longitude;
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    const point = L.latLng(latitude, longitude);
    if (!map.getBounds().contains(point)) map.panTo(point);
  }, [map, latitude, longitude]);
  return null;
}
