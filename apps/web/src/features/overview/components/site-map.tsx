import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { SITE_CONDITIONS, type SiteCondition } from '@cbm/contracts/fleet-health';
import type { FlatOperatingSite } from '@cbm/contracts/site-tree';
import { Button, Paper, Text } from '@mantine/core';
import L from 'leaflet';
import 'leaflet.markercluster';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_VIEW, useLeafletMap } from '../hooks/use-leaflet-map';
import classes from './site-map.module.css';

// A CSS marker: no image assets, so it survives the build and works without tile or icon downloads. Its colour is
// the site's worst state (decision 039); without figures (no live view) the primary colour.
const siteIcon = (condition: SiteCondition | undefined) =>
  L.divIcon({
    className: `${classes.marker} ${condition ? classes[condition] : ''}`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
    popupAnchor: [0, -10],
  });

/** Leaflet.markercluster's own cluster icon, in the colour of the worst state of its sites. */
const clusterIcon = (count: number, worst: SiteCondition | undefined) =>
  L.divIcon({
    html: `<div><span>${count}</span></div>`,
    className: `marker-cluster marker-cluster-${count < 10 ? 'small' : count < 100 ? 'medium' : 'large'} ${
      worst ? classes[`cluster-${worst}`] : ''
    }`,
    iconSize: L.point(40, 40),
  });

/** A cluster takes the worst state of its sites. */
const worstOf = (conditions: (SiteCondition | undefined)[]) =>
  SITE_CONDITIONS.find((condition) => conditions.includes(condition));

interface SiteMapProps {
  sites: FlatOperatingSite[];
  conditions: ReadonlyMap<number, SiteCondition>;
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
export function SiteMap({ sites, conditions, onEnter }: SiteMapProps) {
  const { t } = useTranslation();
  const [mapRef, map] = useLeafletMap((created) => {
    const located = sites.filter((site) => site.location).map(positionOf);
    // Without a located site there are no bounds to fit (Leaflet would throw).
    if (located.length === 0) created.setView(DEFAULT_VIEW.center, DEFAULT_VIEW.zoom);
    else created.fitBounds(L.latLngBounds(located).pad(0.2));
  });
  const [open, setOpen] = useState<OpenPopup>();
  const markers = useRef(new Map<number, L.Marker>());
  const current = useRef(conditions);
  current.current = conditions;
  const cluster = useRef<L.MarkerClusterGroup>(undefined);

  useEffect(() => {
    if (!map) return;
    const siteOf = new Map<L.Marker, number>();
    const group = L.markerClusterGroup({
      chunkedLoading: true,
      iconCreateFunction: (created) => {
        const worst = worstOf(
          created.getAllChildMarkers().map((marker) => current.current.get(siteOf.get(marker) ?? 0)),
        );
        return clusterIcon(created.getChildCount(), worst);
      },
    });
    for (const site of sites.filter((entry) => entry.location)) {
      const content = document.createElement('div');
      const marker = L.marker(positionOf(site), { icon: siteIcon(undefined), title: site.name, alt: site.name });
      siteOf.set(marker, site.operatingSiteId);
      markers.current.set(site.operatingSiteId, marker);
      const popup = L.popup().setContent(content);
      marker.bindPopup(popup);
      marker.on('popupopen', () => setOpen({ siteId: site.operatingSiteId, popup, content }));
      marker.on('popupclose', () => setOpen((current) => (current?.popup === popup ? undefined : current)));
      group.addLayer(marker);
    }
    map.addLayer(group);
    cluster.current = group;
    return () => {
      markers.current.clear();
      cluster.current = undefined;
      group.remove();
    };
  }, [map, sites]);

  // New figures recolour the markers in place: an open popup stays open.
  useEffect(() => {
    for (const [siteId, marker] of markers.current) {
      const condition = conditions.get(siteId);
      const site = sites.find((entry) => entry.operatingSiteId === siteId);
      // The marker's name says the state too: its colour is not all that tells it.
      const title = condition && site ? `${site.name}: ${t(`fleetHealth.condition.${condition}`)}` : site?.name;
      marker.options.title = title;
      marker.setIcon(siteIcon(condition));
      // Leaflet reuses a shown marker's element and writes the title only into a new one.
      marker.getElement()?.setAttribute('title', title ?? '');
    }
    cluster.current?.refreshClusters();
  }, [conditions, sites, t]);

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
