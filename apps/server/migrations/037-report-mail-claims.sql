-- Scheduled report mails at least once per recipient and period (decision 075): a claim is held until
-- claimed_until, renewed while its mail is being sent; an unsent claim past it (its process died) is taken
-- over by the next run on any replica. Claims left unsent before this migration have none and are free at once.

ALTER TABLE report_schedule_mail ADD COLUMN claimed_until timestamptz;
