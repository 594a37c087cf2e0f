-- People and access managed in the portal (docs/decisions/037-people-and-access.md): the organisation a
-- user belongs to, disabled accounts, the last sign-in, and the one-time links of invitations and
-- password resets.

-- The organisation whose administrators manage the user; null for accounts made by the CLI or OIDC that
-- belong to no single organisation (they are listed where their site grants lie).
ALTER TABLE app_user ADD COLUMN organization_id integer REFERENCES site_node (id) ON DELETE SET NULL;
-- A disabled user cannot sign in and has no session.
ALTER TABLE app_user ADD COLUMN disabled_at timestamptz;
ALTER TABLE app_user ADD COLUMN last_sign_in_at timestamptz;
CREATE INDEX app_user_organization_idx ON app_user (organization_id);

-- Users whose site grants all lie in one organisation belong to it.
UPDATE app_user u SET organization_id = o.organization_id
  FROM (
    WITH RECURSIVE root AS (
      SELECT id, id AS node_id, parent_id FROM site_node
      UNION ALL
      SELECT r.id, n.id, n.parent_id FROM root r JOIN site_node n ON n.id = r.parent_id
    )
    SELECT g.user_id, min(r.node_id) AS organization_id
      FROM user_site_grant g JOIN root r ON r.id = g.site_node_id AND r.parent_id IS NULL
     GROUP BY g.user_id
    HAVING count(DISTINCT r.node_id) = 1
  ) o
 WHERE o.user_id = u.id;

-- A one-time link mailed to a user: stored by the hash of its token, deleted when used.
CREATE TABLE user_link (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('invitation', 'passwordReset')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX user_link_user_idx ON user_link (user_id);
