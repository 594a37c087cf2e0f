import type { Alarm } from '@cbm/contracts/alarms';
import type { Queryable } from '../../db/database';
import type { Language } from '../../i18n/messages';
import { alarmRepository } from './alarm-repository';

/** A battery's alarms at a site open at some time in the range, newest first (the battery's history, decision 115). */
export const batteryAlarmsOf = (
  db: Queryable,
  query: { siteId: number; serial: string; from: Date; to: Date; max: number },
  language: Language,
): Promise<Alarm[]> => alarmRepository(db).ofBattery(query.siteId, query.serial, query, query.max, language);
