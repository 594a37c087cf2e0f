-- Two-factor sign-in and the language a user chose (docs/decisions/042-two-factor-and-language.md).

-- The language the user chose in the header's menu; null: the browser's until they choose.
ALTER TABLE app_user ADD COLUMN language text CHECK (language IN ('en', 'de'));

-- A user's authenticator secret (RFC 6238). Never sent again after enrolment; confirmed_at is null while
-- the enrolment awaits its first code. last_step is the last 30-second step used: a code works once.
CREATE TABLE user_two_factor (
  user_id integer PRIMARY KEY REFERENCES app_user (id) ON DELETE CASCADE,
  secret text NOT NULL,
  confirmed_at timestamptz,
  last_step bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One-time recovery codes, stored by their SHA-256 and deleted when used.
CREATE TABLE user_recovery_code (
  user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  PRIMARY KEY (user_id, code_hash)
);

-- A password step passed that still awaits its code: stored by the hash of its cookie's token.
CREATE TABLE pending_sign_in (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX pending_sign_in_user_idx ON pending_sign_in (user_id);

-- An organisation (a root of the site tree) whose users must sign in with two factors.
ALTER TABLE site_node ADD COLUMN two_factor_required boolean NOT NULL DEFAULT false;
