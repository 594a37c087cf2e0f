-- When a session was last used: a session idle for longer than SESSION_IDLE_MINUTES ends.
ALTER TABLE user_session ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
