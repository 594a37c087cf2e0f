export { licencesQuery } from './api/get-licences';
export { loadLicences } from './load-licences';
