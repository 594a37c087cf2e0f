-- Device registry (docs/decisions/021-device-registry.md): every device that connects to the broker is registered
-- first and holds MQTT credentials. Its username and client id are `{device_class}-{serial_number}`.

CREATE TABLE device_credential (
  device_class text NOT NULL CHECK (device_class IN ('battery', 'charger', 'mdload', 'gateway')),
  serial_number text NOT NULL,
  -- Gateways (simulators, load tests; registered by the CLI) may carry devices of any site.
  operating_site_id integer REFERENCES operating_site (id),
  device_type text NOT NULL,
  -- PBKDF2-SHA512 as Mosquitto's password file writes it: $7$iterations$salt$hash (base64).
  secret_hash text NOT NULL,
  -- SHA-256 of the client certificate (DER), 64 lower-case hex digits: the alternative for TLS deployments.
  cert_fingerprint text UNIQUE,
  registered_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz,
  revoked_at timestamptz,
  -- Every change moves it: servers poll for changes made elsewhere (CLI, other replicas).
  changed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (device_class, serial_number),
  CHECK (device_class = 'gateway' OR operating_site_id IS NOT NULL)
);
CREATE INDEX device_credential_site_idx ON device_credential (operating_site_id, device_class, serial_number);
CREATE INDEX device_credential_changed_idx ON device_credential (changed_at);
