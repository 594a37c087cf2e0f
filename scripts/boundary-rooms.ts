/**
 * The rooms whose circles `npm run check:boundaries` finds: module and top-level folders of the server, folders of
 * the simulator, features and top-level folders of the web app (decisions 095 and 130).
 */
export const ROOMS = [
  /^apps\/server\/src\/modules\/[^/]+\//,
  /^apps\/server\/src\/(?!modules\/)[^/]+\//,
  /^apps\/simulator\/src\/[^/]+\//,
  /^apps\/web\/src\/features\/[^/]+\//,
  /^apps\/web\/src\/(?!features\/)[^/]+\//,
];
