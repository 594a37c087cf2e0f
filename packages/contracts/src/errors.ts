import { z } from 'zod';

/** Stable error codes of the one error shape the server answers with. */
export const ERROR_CODES = {
  validation: 'request.invalid',
  malformedBody: 'request.malformedBody',
  unsupportedMediaType: 'request.unsupportedMediaType',
  malformedUrl: 'request.malformedUrl',
  notFound: 'request.notFound',
  unauthenticated: 'auth.unauthenticated',
  invalidCredentials: 'auth.invalidCredentials',
  tooManyAttempts: 'auth.tooManyAttempts',
  forbidden: 'auth.forbidden',
  crossSiteRequest: 'auth.crossSiteRequest',
  identityProviderUnavailable: 'auth.identityProviderUnavailable',
  tooManyLiveStreams: 'live.tooManyStreams',
  siteNotFound: 'sites.notFound',
  unknownDevice: 'devices.notFound',
  deviceChannelUnavailable: 'devices.channelUnavailable',
  batteryNotFound: 'batteries.notFound',
  batteryGroupNotFound: 'batteryGroups.notFound',
  batteryGroupNameTaken: 'batteryGroups.nameTaken',
  deviceNotFound: 'licences.deviceNotFound',
  chargingStationNotFound: 'mdload.stationNotFound',
  mdloadChargerNotFound: 'mdload.chargerNotFound',
  chargingStationGroupNotFound: 'mdload.groupNotFound',
  payloadTooLarge: 'request.payloadTooLarge',
  tooManyUploads: 'request.tooManyUploads',
  uploadsBusy: 'server.uploadsBusy',
  reportCsvInvalid: 'reports.invalidCsv',
  reportCsvMissing: 'reports.csvMissing',
  datalogNotFound: 'datalogs.notFound',
  datalogAlreadyRequested: 'datalogs.alreadyRequested',
  datalogNotUploaded: 'datalogs.notUploaded',
  datalogExpired: 'datalogs.expired',
  datalogUploadTokenInvalid: 'datalogs.uploadTokenInvalid',
  datalogInvalidZip: 'datalogs.invalidZip',
  alertNotFound: 'alerts.notFound',
  alertUnknownSelection: 'alerts.unknownSelection',
  statisticsTimeZoneNotExact: 'statistics.timeZoneNotExact',
  statisticsHoursMissing: 'statistics.hoursMissing',
  statisticsNoData: 'statistics.noData',
  updateFileMissing: 'updates.fileMissing',
  updateFileType: 'updates.fileType',
  updateVersionMissing: 'updates.versionMissing',
  updateInstalling: 'updates.installing',
  eventAttributeUnknown: 'events.unknownAttribute',
  eventFilterInvalid: 'events.invalidFilter',
  eventRangeInverted: 'events.invertedRange',
  eventSeekInvalid: 'events.invalidSeek',
  eventFilterNotFound: 'events.filterNotFound',
  deviceAlreadyRegistered: 'deviceRegistry.alreadyRegistered',
  deviceNotRegistered: 'deviceRegistry.notRegistered',
  deviceCsvInvalid: 'deviceRegistry.invalidCsv',
  deviceCsvMissing: 'deviceRegistry.csvMissing',
  internal: 'server.internal',
  databaseUnavailable: 'server.databaseUnavailable',
  databaseFull: 'server.databaseFull',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * Every failed response: `errors` maps a field path to its messages (the error catalogue's rule 1),
 * `title` names the toast when present.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  title: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
