import { z } from 'zod';
import { DEVICE_CLASSES, serialSchema } from './device-protocol';
import { operatingSiteIdSchema } from './sites';

/**
 * The device registry (docs/decisions/021-device-registry.md): a device is registered before it connects and
 * gets its MQTT credentials then. Its username and client id are `{class}-{serial}`.
 */
export const deviceClassSchema = z.enum(DEVICE_CLASSES);

/** A trusted connection that carries many devices (simulator, load test); registered by the CLI only. */
export const GATEWAY_CLASS = 'gateway';
export const REGISTRY_CLASSES = [...DEVICE_CLASSES, GATEWAY_CLASS] as const;
export type RegistryClass = (typeof REGISTRY_CLASSES)[number];

export const mqttUsername = (deviceClass: RegistryClass, serial: string) => `${deviceClass}-${serial}`;

/** SHA-256 of the client certificate (DER), hex with or without colons; stored as 64 lower-case hex digits. */
export const certFingerprintSchema = z
  .string()
  .trim()
  .transform((value) => value.replaceAll(':', '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{64}$/, 'A SHA-256 fingerprint has 64 hexadecimal digits'));

export const deviceTypeSchema = z.string().trim().min(1).max(100);

export const registerDeviceBodySchema = z.object({
  operatingSiteId: operatingSiteIdSchema,
  deviceClass: deviceClassSchema,
  serialNumber: serialSchema,
  deviceType: deviceTypeSchema,
  certFingerprint: certFingerprintSchema.optional(),
});
export type RegisterDeviceBody = z.infer<typeof registerDeviceBodySchema>;

export const DEVICE_REGISTRATION_STATUSES = ['registered', 'connected', 'revoked'] as const;

export const registeredDeviceSchema = z.object({
  deviceClass: deviceClassSchema,
  serialNumber: z.string(),
  deviceType: z.string(),
  operatingSiteId: z.number().int(),
  mqttUsername: z.string(),
  status: z.enum(DEVICE_REGISTRATION_STATUSES),
  certFingerprint: z.string().nullable(),
  registeredAt: z.string(),
  rotatedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
});
export type RegisteredDevice = z.infer<typeof registeredDeviceSchema>;

export const deviceListQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });
/**
 * A limit the device broker holds a device to right now (decision 078): its publishes wait for their turn
 * (`throttled`), or it was disconnected for bad messages and is refused until `until`.
 */
export const DEVICE_LIMITS = ['throttled', 'bad-messages'] as const;
export const deviceLimitStateSchema = z.object({ limit: z.enum(DEVICE_LIMITS), until: z.string().nullable() });
export type DeviceLimitState = z.infer<typeof deviceLimitStateSchema>;
export const listedDeviceSchema = registeredDeviceSchema.extend({ limit: deviceLimitStateSchema.nullable() });
export type ListedDevice = z.infer<typeof listedDeviceSchema>;
export const deviceListSchema = z.object({ devices: z.array(listedDeviceSchema) });

/** The answer to a registration or rotation: the secret is shown this once and stored only as a hash. */
export const deviceCredentialsSchema = z.object({
  device: registeredDeviceSchema,
  username: z.string(),
  clientId: z.string(),
  secret: z.string(),
});
export type DeviceCredentials = z.infer<typeof deviceCredentialsSchema>;

/** A registration or rotation of one device, with where it connects (decision 113; null: no device broker). */
export const issuedCredentialsSchema = deviceCredentialsSchema.extend({ brokerUrl: z.string().nullable() });
export type IssuedCredentials = z.infer<typeof issuedCredentialsSchema>;

export const deviceParamsSchema = z.object({ deviceClass: deviceClassSchema, serialNumber: serialSchema });
export const deviceSiteQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });

/** A CSV import: header `serial,class,type,site`; at most this many rows and bytes. */
export const DEVICE_CSV_MAX_ROWS = 5000;
export const DEVICE_CSV_MAX_BYTES = 1024 * 1024;
export const DEVICE_CSV_COLUMNS = ['serial', 'class', 'type', 'site'] as const;

export const deviceImportResultSchema = z.object({
  registered: z.array(deviceCredentialsSchema),
  /** Devices of the file that were registered already (left as they are, no new secret). */
  skipped: z.array(z.object({ deviceClass: deviceClassSchema, serialNumber: z.string() })),
});
export type DeviceImportResult = z.infer<typeof deviceImportResultSchema>;
