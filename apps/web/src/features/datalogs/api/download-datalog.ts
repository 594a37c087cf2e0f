import { type Datalog, datalogFileName } from '@cbm/contracts/datalogs';
import { apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { DATALOG_PATH } from './get-datalogs';

/** GET /battery/Datalog/{id}/download, saved under the datalog's file name; a refusal shows the error toasts. */
export async function downloadDatalog(siteId: number, datalog: Datalog): Promise<void> {
  const { blob } = await apiFile(`${DATALOG_PATH}/${datalog.id}/download`, { query: { operatingSiteId: siteId } });
  saveFile({ blob, fileName: datalogFileName(datalog) });
}
