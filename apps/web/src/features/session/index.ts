export { authenticatedQuery } from './api/get-authenticated';
export { rulesQuery, useRules } from './api/get-rules';
export { userQuery, useUser } from './api/get-user';
export { signOut } from './api/sign-out';
export { useUpdateClock } from './api/update-clock';
export { useUpdateLanguage } from './api/update-language';
export { useUpdateTheme } from './api/update-theme';
