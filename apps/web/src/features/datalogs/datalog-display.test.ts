import type { Datalog } from '@cbm/contracts/datalogs';
import { describe, expect, it } from 'vitest';
import { formatFileSize, isDownloadable } from './datalog-display';

const datalog = (values: Partial<Datalog>): Datalog => ({
  id: 1,
  batterySerialNumber: '2010001',
  batteryName: 'Forklift 1',
  status: 'uploaded',
  requestedBy: 'admin@cbm.demo',
  requestedAt: '2026-11-21T10:00:00.000Z',
  uploadedAt: '2026-11-21T10:01:00.000Z',
  expiresAt: '2026-11-25T10:01:00.000Z',
  sizeBytes: 2048,
  sha256: null,
  failure: null,
  failureDetail: null,
  ...values,
});

describe('formatFileSize', () => {
  it('uses B, kB and MB in the UI language', () => {
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(1536, 'de')).toBe('1,5 kB');
    expect(formatFileSize(5 * 1024 * 1024, 'de')).toBe('5 MB');
  });
});

describe('isDownloadable', () => {
  const now = Date.parse('2026-11-22T00:00:00Z');
  it('is true for an uploaded datalog within its four days only', () => {
    expect(isDownloadable(datalog({}), now)).toBe(true);
    expect(isDownloadable(datalog({ expiresAt: '2026-11-21T23:59:59.000Z' }), now)).toBe(false);
    expect(isDownloadable(datalog({ status: 'requested' }), now)).toBe(false);
    expect(isDownloadable(datalog({ status: 'expired' }), now)).toBe(false);
  });
});
