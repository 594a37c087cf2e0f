-- Cleared alarms are deleted after ALARM_RETENTION_DAYS (docs/decisions/044-live-cockpit-and-alarm-retention.md):
-- the hourly job finds the oldest cleared ones by this index instead of reading every alarm.
CREATE INDEX alarm_cleared_idx ON alarm (cleared_at) WHERE cleared_at IS NOT NULL;
