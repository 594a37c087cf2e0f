import { useSiteId } from '../../sites';
import { MDLOAD_EVENTS } from '../event-products';
import { EventView } from './event-view';

/** Charger-station events (screens and routes md-events): the same screen as the battery filter view. */
export default function MdloadEventsPage() {
  const siteId = useSiteId();
  return <EventView key={siteId} config={MDLOAD_EVENTS} siteId={siteId} />;
}
