import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  batteryInfoSchema,
  batteryTelemetrySchema,
  chargerTelemetrySchema,
  commandReplySchema,
  commandSchema,
  DEVICE_CLASSES,
  DEVICE_JOB_STATUSES,
  deviceEventSchema,
  FINAL_JOB_STATUSES,
  mdloadTelemetrySchema,
  parseTopic,
  statusPayloadSchema,
  topicFor,
  UPDATE_JOB_STATUSES,
} from '@cbm/contracts/device-protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const SCHEMAS: Record<string, z.ZodType> = {
  status: statusPayloadSchema,
  batteryTelemetry: batteryTelemetrySchema,
  batteryInfo: batteryInfoSchema,
  event: deviceEventSchema,
  chargerTelemetry: chargerTelemetrySchema,
  mdloadTelemetry: mdloadTelemetrySchema,
  command: commandSchema,
  reply: commandReplySchema,
};

/** Every `<!-- example: name -->` JSON block of docs/protocol.md. */
function documentedExamples(): { name: string; payload: unknown }[] {
  const document = readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/protocol.md'), 'utf8');
  return [...document.matchAll(/<!-- example: (\w+) -->\s*```json\n([\s\S]*?)```/g)].map((match) => ({
    name: match[1] as string,
    payload: JSON.parse(match[2] as string),
  }));
}

/** Every `<!-- fields: name -->` table of docs/protocol.md: field → "required" or "optional" (", may be null"). */
function documentedFields(): Map<string, Record<string, string>> {
  const document = readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/protocol.md'), 'utf8');
  const tables = [...document.matchAll(/<!-- fields: ([\w.]+) -->\n((?:\|.*\n)+)/g)];
  return new Map(
    tables.map(([, name, table]) => [
      name as string,
      Object.fromEntries(
        (table as string)
          .trim()
          .split('\n')
          .slice(2)
          .map((row) => row.split('|').map((cell) => cell.trim().replaceAll('`', '')))
          .map(([, field, presence]) => [field, presence]),
      ),
    ]),
  );
}

/** What a schema says of each field, nested objects and array items as `a.b` and `a[].b`. */
function schemaFields(schema: z.ZodType, prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, field] of Object.entries((schema as z.ZodObject).shape as Record<string, z.ZodType>)) {
    const name = prefix + key;
    const presence = field.safeParse(undefined).success ? 'optional' : 'required';
    fields[name] = `${presence}${field.safeParse(null).success ? ', may be null' : ''}`;
    let inner = field;
    while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
    if (inner instanceof z.ZodObject) Object.assign(fields, schemaFields(inner, `${name}.`));
    if (inner instanceof z.ZodArray && inner.element instanceof z.ZodObject) {
      Object.assign(fields, schemaFields(inner.element, `${name}[].`));
    }
  }
  return fields;
}

const telemetry = documentedExamples().find((example) => example.name === 'batteryTelemetry')?.payload as Record<
  string,
  unknown
>;

describe('device protocol v1', () => {
  it('has a valid example in docs/protocol.md for every payload and command', () => {
    const examples = documentedExamples();
    expect(new Set(examples.map((example) => example.name))).toEqual(new Set(Object.keys(SCHEMAS)));
    for (const { name, payload } of examples) {
      const result = (SCHEMAS[name] as z.ZodType).safeParse(payload);
      expect(result.error?.issues ?? [], name).toEqual([]);
    }
    const commands = examples.filter((example) => example.name === 'command');
    expect(commands.map((example) => (example.payload as { type: string }).type).sort()).toEqual([
      'datalogUpload',
      'firmwareCancel',
      'firmwareUpdate',
      'refresh',
      'remoteDebugging',
    ]);
  });

  it('marks every field of every payload and command required or optional as the schemas do', () => {
    const schemas: Record<string, z.ZodType> = Object.fromEntries([
      ...Object.entries(SCHEMAS).filter(([name]) => name !== 'command'),
      ...commandSchema.options.map((option) => [`command.${option.shape.type.value}`, option]),
    ]);
    const documented = documentedFields();
    expect(new Set(documented.keys())).toEqual(new Set(Object.keys(schemas)));
    for (const [name, schema] of Object.entries(schemas))
      expect(documented.get(name), name).toEqual(schemaFields(schema));
  });

  it('builds and parses the topics of every device class and channel', () => {
    for (const deviceClass of DEVICE_CLASSES) {
      for (const channel of ['telemetry', 'event', 'info', 'status', 'cmd', 'cmd/reply'] as const) {
        expect(parseTopic(topicFor(deviceClass, 'S-1.a_2', channel))).toEqual({
          deviceClass,
          serial: 'S-1.a_2',
          channel,
        });
      }
    }
  });

  it.each([
    'cbm/v2/battery/S1/telemetry',
    'cbm/v1/robot/S1/telemetry',
    'cbm/v1/battery/S1/other',
    'cbm/v1/battery/S1/telemetry/extra',
    'cbm/v1/battery//telemetry',
    'cbm/v1/battery/-S1/telemetry',
    `cbm/v1/battery/${'x'.repeat(65)}/telemetry`,
    '/cbm/v1/battery/S1/telemetry',
  ])('refuses the topic %s', (topic) => {
    expect(parseTopic(topic)).toBeUndefined();
  });

  it('refuses unknown fields, values out of range and times without offset', () => {
    const invalid = [
      { ...telemetry, extra: 1 },
      { ...telemetry, soc: 101 },
      { ...telemetry, seq: -1 },
      { ...telemetry, seq: 1.5 },
      { ...telemetry, state: 'sleeping' },
      { ...telemetry, ts: '2026-11-21 09:59:50' },
      { ...telemetry, ts: '2026-11-21T09:59:50' },
      { ...telemetry, current: Number.NaN },
      { ...telemetry, chargerSerial: 'has space' },
    ];
    for (const payload of invalid)
      expect(batteryTelemetrySchema.safeParse(payload).success, JSON.stringify(payload)).toBe(false);
    const { boardTemperature: _board, chargerSerial: _charger, ...required } = telemetry;
    expect(batteryTelemetrySchema.safeParse(required).success).toBe(true);
  });

  it('accepts a last will without time, but no other status without `online`', () => {
    expect(statusPayloadSchema.parse({ online: false })).toEqual({ online: false });
    expect(statusPayloadSchema.safeParse({ ts: '2026-11-21T09:59:50Z' }).success).toBe(false);
  });

  it('checks command parameters', () => {
    const base = { id: '6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60', issuedAt: '2026-11-21T10:00:00Z' };
    expect(commandSchema.safeParse({ ...base, type: 'reboot' }).success).toBe(false);
    expect(commandSchema.safeParse({ ...base, type: 'remoteDebugging' }).success).toBe(false);
    const update = {
      ...base,
      type: 'firmwareUpdate',
      jobId: 1,
      downloadUrl: 'https://cbm.example/file',
      expiresAt: '2026-11-21T10:15:00Z',
    };
    expect(commandSchema.safeParse({ ...update, sha256: 'a'.repeat(64) }).success).toBe(true);
    expect(commandSchema.safeParse({ ...update, sha256: 'A'.repeat(64) }).success).toBe(false);
    expect(commandSchema.safeParse({ ...base, id: 'not-a-uuid', type: 'refresh' }).success).toBe(false);
  });

  it('splits the job statuses between device and platform', () => {
    const platformOnly = UPDATE_JOB_STATUSES.filter(
      (status) => !(DEVICE_JOB_STATUSES as readonly string[]).includes(status),
    );
    expect(platformOnly).toEqual(['created', 'obsolete', 'discarded', 'no answer']);
    expect(FINAL_JOB_STATUSES.every((status) => (UPDATE_JOB_STATUSES as readonly string[]).includes(status))).toBe(
      true,
    );
  });
});
