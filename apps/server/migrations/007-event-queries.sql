-- Event lists (docs/decisions/012-event-queries.md): rows are ordered by time, serial and sequence number, so
-- that a page can continue after the last row of the previous one (keyset). This index serves that order per
-- device class and site directly; it makes device_event_site_idx (the same without the tie-breakers) redundant.
CREATE INDEX device_event_site_order_idx
  ON device_event (device_class, operating_site_id, ts DESC, serial_number DESC, seq DESC);
DROP INDEX device_event_site_idx;
