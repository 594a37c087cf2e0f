import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import type { FlatOperatingSite } from '@cbm/contracts/site-tree';
import { Button, Paper, Text } from '@mantine/core';
import L from 'leaflet';
import 'leaflet.markercluster';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_VIEW, useLeafletMap } from '../hooks/use-leaflet-map';
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

/** The popup open on the map: whose it is, and the element Leaflet shows in it. */
interface OpenPopup {
  siteId: number;
  popup: L.Popup;
  content: HTMLElement;
}

const positionOf = (site: FlatOperatingSite): L.LatLngTuple => [
  site.location?.latitude ?? 0,
  site.location?.longitude ?? 0,
];

/** A marker per operating site, clustered when many; still usable when map tiles cannot load. */
export function SiteMap({ sites, onEnter }: SiteMapProps) {
  const { t } = useTranslation();
  const [mapRef, map] = useLeafletMap((created) => {
    const located = sites.filter((site) => site.location).map(positionOf);
    // Without a located site there are no bounds to fit (Leaflet would throw).
    if (located.length === 0) created.setView(DEFAULT_VIEW.center, DEFAULT_VIEW.zoom);
    else created.fitBounds(L.latLngBounds(located).pad(0.2));
  });
  const [open, setOpen] = useState<OpenPopup>();

  useEffect(() => {
    if (!map) return;
    const cluster = L.markerClusterGroup({ chunkedLoading: true });
    for (const site of sites.filter((entry) => entry.location)) {
      const content = document.createElement('div');
      const marker = L.marker(positionOf(site), { icon: siteIcon, title: site.name, alt: site.name });
      const popup = L.popup().setContent(content);
      marker.bindPopup(popup);
      marker.on('popupopen', () => setOpen({ siteId: site.operatingSiteId, popup, content }));
      marker.on('popupclose', () => setOpen((current) => (current?.popup === popup ? undefined : current)));
      cluster.addLayer(marker);
    }
    map.addLayer(cluster);
    return () => {
      cluster.remove();
    };
  }, [map, sites]);

  // Leaflet measures the popup when it opens, before React has drawn into it: measure again after each drawing.
  useEffect(() => {
    open?.popup.update();
  });

  const openSite = open && sites.find((site) => site.operatingSiteId === open.siteId);
  return (
    <Paper withBorder className={classes.frame} aria-label={t('overview.map')} role="region">
      <div ref={mapRef} className={classes.map} />
      {open &&
        openSite &&
        createPortal(
          <>
            <Text fw={600}>{openSite.name}</Text>
            <Text size="xs" c="dimmed" mb="xs">
              {openSite.parents}
            </Text>
            <Button size="xs" onClick={() => onEnter(openSite.operatingSiteId)}>
              {t('overview.enter')}
            </Button>
          </>,
          open.content,
        )}
    </Paper>
  );
}
