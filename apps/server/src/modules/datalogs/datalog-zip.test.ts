import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipProblem } from './datalog-zip';

const zip = zipSync({ 'battery-samples.csv': strToU8('ts;soc\n2026-11-21T10:00:00Z;55\n') });

describe('zipProblem', () => {
  it('accepts a zip with files', () => {
    expect(zipProblem(zip)).toBeNull();
  });

  it('refuses what is not a zip', () => {
    expect(zipProblem(strToU8('hello, this is text'))).toMatch(/does not start like a zip/);
    expect(zipProblem(new Uint8Array())).toMatch(/does not start like a zip/);
  });

  it('refuses a truncated zip', () => {
    expect(zipProblem(zip.subarray(0, zip.length - 30))).toMatch(/cannot be read/);
  });

  it('refuses an empty zip', () => {
    expect(zipProblem(zipSync({}))).not.toBeNull();
  });

  it('refuses a zip whose files unpack beyond the limit', () => {
    expect(zipProblem(zip, 10)).toMatch(/unpack to more/);
  });
});
