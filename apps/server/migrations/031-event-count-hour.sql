-- Any event page at any depth (docs/decisions/049-event-pages-by-hour-counts.md): how many events each device
-- class has per site and UTC hour, exactly, so a deep page of the time-ordered list starts in the right hour
-- instead of skipping every row before it, and its total is a sum of these rows.
CREATE FUNCTION event_hour(ts timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN date_trunc('hour', ts AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';

CREATE TABLE event_count_hour (
  device_class text NOT NULL,
  operating_site_id integer NOT NULL,
  hour timestamptz NOT NULL,
  events integer NOT NULL,
  PRIMARY KEY (device_class, operating_site_id, hour)
);

-- Kept by the statements that change events, in their transaction: every insert path (ingestion, COPY) gets it.
-- A redelivered event (ON CONFLICT DO NOTHING) is not in the new rows. Rows are written in key order, so
-- concurrent ingestion transactions lock the same hours in the same order.
CREATE FUNCTION event_count_hour_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_count_hour AS c (device_class, operating_site_id, hour, events)
  SELECT device_class, operating_site_id, event_hour(ts), count(*)::int FROM new_rows
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (device_class, operating_site_id, hour) DO UPDATE SET events = c.events + excluded.events;
  RETURN NULL;
END $$;

CREATE FUNCTION event_count_hour_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_count_hour AS c (device_class, operating_site_id, hour, events)
  SELECT device_class, operating_site_id, hour, sum(delta)::int FROM (
      SELECT device_class, operating_site_id, event_hour(ts) AS hour, 1 AS delta FROM new_rows
      UNION ALL
      SELECT device_class, operating_site_id, event_hour(ts), -1 FROM old_rows
    ) AS changes
   GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (device_class, operating_site_id, hour) DO UPDATE SET events = c.events + excluded.events;
  RETURN NULL;
END $$;

CREATE FUNCTION event_count_hour_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE event_count_hour c SET events = c.events - gone.events
    FROM (SELECT device_class, operating_site_id, event_hour(ts) AS hour, count(*)::int AS events
            FROM old_rows GROUP BY 1, 2, 3) AS gone
   WHERE c.device_class = gone.device_class AND c.operating_site_id = gone.operating_site_id AND c.hour = gone.hour;
  RETURN NULL;
END $$;

CREATE FUNCTION event_count_hour_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM event_count_hour;
  RETURN NULL;
END $$;

CREATE TRIGGER event_count_hour_insert AFTER INSERT ON device_event REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_count_hour_insert();
CREATE TRIGGER event_count_hour_update AFTER UPDATE ON device_event
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_count_hour_apply();
CREATE TRIGGER event_count_hour_delete AFTER DELETE ON device_event REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_count_hour_delete();
CREATE TRIGGER event_count_hour_truncate AFTER TRUNCATE ON device_event
  FOR EACH STATEMENT EXECUTE FUNCTION event_count_hour_truncate();

-- In key order, so a site's hours lie together: a year of one site is some 60 pages, not one page per hour.
INSERT INTO event_count_hour (device_class, operating_site_id, hour, events)
SELECT device_class, operating_site_id, event_hour(ts), count(*)::int FROM device_event GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
