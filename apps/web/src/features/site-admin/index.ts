export { loadSiteAdmin } from './load-site-admin';
