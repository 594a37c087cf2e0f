import { createHash } from 'node:crypto';
import { type CommandReply, commandSchema, topicFor } from '@cbm/contracts/device-protocol';
import type { MqttClient } from 'mqtt';
import { connectDevice, json } from './mqtt-devices';
import type { TestApp } from './test-app';

export type UpdateStep = Omit<CommandReply, 'id' | 'ts'>;

/** Every step of an update that installs and finishes successfully. */
export const SUCCESSFUL_UPDATE: UpdateStep[] = [
  { result: 'accepted', jobStatus: 'acknowledged' },
  { result: 'progress', jobStatus: 'upload pending', detail: 'image verified' },
  { result: 'progress', jobStatus: 'started' },
  { result: 'progress', jobStatus: 'in progress', detail: '50 %' },
  { result: 'progress', jobStatus: 'executed' },
  { result: 'done', jobStatus: 'successfully finished' },
];

export interface FirmwareDevice {
  device: MqttClient;
  /** The answer to each download of the image and the SHA-256 of what came. */
  downloads: { status: number; sha256: string }[];
}

/** A battery that downloads the image through its update command's link and then replies the steps; other commands it ignores. */
export async function firmwareDevice(t: TestApp, serial: string, steps: UpdateStep[]): Promise<FirmwareDevice> {
  const device = await connectDevice(t.app);
  const downloads: FirmwareDevice['downloads'] = [];
  device.on('message', (_topic, payload) => {
    const command = commandSchema.parse(JSON.parse(payload.toString()));
    if (command.type !== 'firmwareUpdate') return;
    void (async () => {
      const url = new URL(command.downloadUrl);
      const file = await t.request({ url: `${url.pathname}${url.search}` });
      downloads.push({ status: file.statusCode, sha256: createHash('sha256').update(file.rawPayload).digest('hex') });
      for (const [index, step] of steps.entries()) {
        const ts = new Date(Date.now() + index).toISOString();
        await device.publishAsync(topicFor('battery', serial, 'cmd/reply'), json({ id: command.id, ts, ...step }), {
          qos: 1,
        });
      }
    })();
  });
  await device.subscribeAsync(topicFor('battery', serial, 'cmd'), { qos: 1 });
  return { device, downloads };
}

export interface UpdateFile {
  name: string;
  data: Buffer | string;
}

/** The multipart request that starts an update of the battery at the site with the file. */
export async function updateUpload(
  siteId: number,
  serial: string,
  file: UpdateFile,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('updateFile', new Blob([file.data]), file.name);
  const encoded = new Request('http://x', { method: 'POST', body: form });
  return {
    method: 'POST' as const,
    url: `/api/v2/battery/Update/${siteId}/${encodeURIComponent(serial)}`,
    headers: { 'content-type': encoded.headers.get('content-type') as string },
    payload: Buffer.from(await encoded.arrayBuffer()),
  };
}

/** The multipart request that adds a file to the firmware library of the site's organisation (decision 038). */
export async function releaseUpload(siteId: number, file: UpdateFile, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('firmwareFile', new Blob([file.data]), file.name);
  const encoded = new Request('http://x', { method: 'POST', body: form });
  return {
    method: 'POST' as const,
    url: `/api/v2/firmware/releases?operatingSiteId=${siteId}`,
    headers: { 'content-type': encoded.headers.get('content-type') as string },
    payload: Buffer.from(await encoded.arrayBuffer()),
  };
}
