import { useParams } from 'react-router';
import { useSiteId } from '../../sites';
import { BATTERY_EVENTS } from '../event-products';
import { EventView } from './event-view';

/**
 * Filter view (screens and routes expert/filter/:serialNumber?): a serial in the route prefilters BatterySerialNumber.
 */
export default function BatteryFilterPage() {
  const { serialNumber } = useParams();
  const siteId = useSiteId();
  return (
    <EventView
      key={`${siteId}/${serialNumber ?? ''}`}
      config={BATTERY_EVENTS}
      siteId={siteId}
      initialFilter={serialNumber ? { name: 'BatterySerialNumber', text: serialNumber } : undefined}
    />
  );
}
