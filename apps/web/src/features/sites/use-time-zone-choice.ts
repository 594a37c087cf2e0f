import { useState } from 'react';
import { useSiteTimeZone } from './api/get-site-tree';

/**
 * The zone statistics and exports count in: the site's own (its settings) unless the user chose another;
 * The business constants' Europe/Berlin is the default of sites in Berlin and of sites without a zone (decision 027).
 */
export function useTimeZoneChoice(operatingSiteId: number): [string, (zone: string) => void] {
  const siteZone = useSiteTimeZone(operatingSiteId);
  const [chosen, setChosen] = useState<string | null>(null);
  return [chosen ?? siteZone, setChosen];
}
