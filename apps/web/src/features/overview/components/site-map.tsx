import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.Default.css';
import type { FlatOperatingSite } from '@cbm/contracts/site-tree';
import { Button, Paper, Text } from '@mantine/core';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { useClientSettings } from '../api/get-client-settings';
import classes from './site-map.module.css';

// A CSS marker: no image assets, so it survives the build and works without tile or icon downloads.
const siteIcon = L.divIcon({
  className: classes.marker,
  iconSize: [18, 18],
  iconAnchor: [9, 9],
  popupAnchor: [0, -10],
});

interface SiteMapProps {
  sites: FlatOperatingSite[];
  onEnter: (siteId: number) => void;
}

/** A marker per operating site, clustered when many; still usable when map tiles cannot load. */
export function SiteMap({ sites, onEnter }: SiteMapProps) {
  const { t } = useTranslation();
  const tileUrl = useClientSettings().data?.mapTileUrl;
  const located = sites.filter((site) => site.location);
  const bounds = L.latLngBounds(located.map((site) => [site.location?.latitude ?? 0, site.location?.longitude ?? 0]));
  return (
    <Paper withBorder className={classes.frame} aria-label={t('overview.map')} role="region">
      <MapContainer bounds={bounds.pad(0.2)} className={classes.map} scrollWheelZoom>
        {tileUrl && <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap contributors" />}
        <MarkerClusterGroup chunkedLoading>
          {located.map((site) => (
            <Marker
              key={site.operatingSiteId}
              position={[site.location?.latitude ?? 0, site.location?.longitude ?? 0]}
              icon={siteIcon}
              title={site.name}
              alt={site.name}
            >
              <Popup>
                <Text fw={600}>{site.name}</Text>
                <Text size="xs" c="dimmed" mb="xs">
                  {site.parents}
                </Text>
                <Button size="xs" onClick={() => onEnter(site.operatingSiteId)}>
                  {t('overview.enter')}
                </Button>
              </Popup>
            </Marker>
          ))}
        </MarkerClusterGroup>
      </MapContainer>
    </Paper>
  );
}
