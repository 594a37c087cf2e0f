-- A threshold or silence alarm keeps the condition it opened under, so that its text is written in each
-- reader's language (decision 087); NULL for event alarms, whose text is the device's. Open alarms of rules
-- that still exist take their rule's condition; older alarms keep their stored text.
ALTER TABLE alarm ADD COLUMN condition jsonb;
UPDATE alarm a SET condition = r.condition
  FROM alert r
 WHERE r.id = a.alert_id AND a.kind <> 'event' AND a.cleared_at IS NULL AND r.condition IS NOT NULL;
