import { type Datalog, datalogFileName } from '@cbm/contracts/datalogs';
import { datalogsEndpoints } from '@cbm/contracts/endpoints/datalogs';
import { callFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /battery/Datalog/{id}/download, saved under the datalog's file name; a refusal shows the error toasts. */
export async function downloadDatalog(siteId: number, datalog: Datalog): Promise<void> {
  const { blob } = await callFile(datalogsEndpoints.download, {
    params: { id: datalog.id },
    query: { operatingSiteId: siteId },
  });
  saveFile({ blob, fileName: datalogFileName(datalog) });
}
