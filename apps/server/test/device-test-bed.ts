import type { MqttClient } from 'mqtt';
import type { Env } from '../src/config';
import { addTestBatteries, connectDevice } from './mqtt-devices';
import { createTestApp, type DatabaseKind, type TestApp } from './test-app';

/** A test app with `batteries` test batteries at one site, the admin signed in and one device connected. */
export interface DeviceTestBed {
  t: TestApp;
  admin: string;
  serials: string[];
  siteId: number;
  device: MqttClient;
}

export async function deviceTestBed(kind: DatabaseKind, env: Partial<Env>, batteries: number): Promise<DeviceTestBed> {
  const t = await createTestApp(kind, env);
  const admin = await t.signIn('admin@cbm.demo');
  const { serials, siteId } = await addTestBatteries(t.db, batteries);
  await t.app.ready();
  return { t, admin, serials, siteId, device: await connectDevice(t.app) };
}

/** Ends the bed's device connection and app; either may be missing when its set-up failed. */
export async function closeDeviceTestBed(bed: { device?: MqttClient; t?: TestApp }): Promise<void> {
  await bed.device?.endAsync();
  await bed.t?.close();
}
