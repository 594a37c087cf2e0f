import { DATALOG_MAX_UNPACKED_BYTES } from '@cbm/contracts/datalogs';
import { unzipSync } from 'fflate';

/** Why an upload is not an acceptable datalog zip, or null when it is one. */
export function zipProblem(data: Uint8Array, maxUnpackedBytes = DATALOG_MAX_UNPACKED_BYTES): string | null {
  // Every zip with content starts with a local file header ("PK\x03\x04").
  if (data.length < 4 || data[0] !== 0x50 || data[1] !== 0x4b || data[2] !== 0x03 || data[3] !== 0x04) {
    return 'it does not start like a zip file';
  }
  let files = 0;
  let unpacked = 0;
  try {
    // Reads the central directory only: the filter declines every file, so nothing is inflated.
    unzipSync(data, {
      filter(file) {
        files += 1;
        unpacked += file.originalSize;
        return false;
      },
    });
  } catch (error) {
    return `it cannot be read (${error instanceof Error ? error.message : String(error)})`;
  }
  if (files === 0) return 'it holds no files';
  if (unpacked > maxUnpackedBytes) return 'its files unpack to more than allowed';
  return null;
}
