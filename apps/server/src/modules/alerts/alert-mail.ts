import { deviceEventText } from '@cbm/contracts/device-texts';
import { type Language, translate } from '../../i18n/messages';
import { formatZonedDateTime } from '../../shared/dates';
import type { AlertMailEvent } from './alert-mail-event';

export interface RenderedMail {
  subject: string;
  text: string;
}

export interface DigestContent {
  count: number;
  sample: AlertMailEvent[];
  from: Date;
  to: Date;
}

const formatValue = (value: string | number | boolean | null, language: Language) =>
  typeof value === 'number'
    ? new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-US').format(value)
    : String(value);

/** Where the portal shows the device: a battery's page (its history, events and alarms; decision 115). */
export function portalLink(
  publicUrl: string,
  event: Pick<AlertMailEvent, 'product' | 'operatingSiteId' | 'serialNumber'>,
) {
  const base = publicUrl.replace(/\/$/, '');
  return event.product === 'battery'
    ? `${base}/${event.operatingSiteId}/batteries/${encodeURIComponent(event.serialNumber)}`
    : `${base}/${event.operatingSiteId}/mdload/events`;
}

function eventLines(mailed: AlertMailEvent, language: Language): string[] {
  const t = (key: Parameters<typeof translate>[1]) => translate(language, key);
  const event = deviceEventText(language, mailed);
  const attributes = Object.entries(event.attributes).map(([name, value]) => `${name} ${formatValue(value, language)}`);
  return [
    `${t(`alertMail.${event.product}`)}: ${event.deviceName} (${event.serialNumber})`,
    `${t('alertMail.time')}: ${formatZonedDateTime(event.ts, event.timeZone, language, { seconds: true })} (${event.timeZone})`,
    `${t('alertMail.event')}: ${t(`alertMail.types.${event.type}`)} ${event.code} – ${event.description}`,
    ...(event.category ? [`${t('alertMail.category')}: ${event.category}`] : []),
    ...(attributes.length > 0 ? [`${t('alertMail.details')}: ${attributes.join(', ')}`] : []),
  ];
}

/** The mail of one matched event, in the alert's language. */
export function renderEventMail(event: AlertMailEvent, language: Language, publicUrl: string): RenderedMail {
  const values = { alert: event.alertName, site: event.siteName };
  return {
    subject: translate(language, 'alertMail.subject', {
      ...values,
      type: translate(language, `alertMail.types.${event.type}`),
      code: event.code,
      device: event.deviceName,
    }),
    text: [
      translate(language, 'alertMail.intro', values),
      '',
      `${translate(language, 'alertMail.site')}: ${event.siteName}`,
      ...eventLines(event, language),
      '',
      `${translate(language, 'alertMail.open')}: ${portalLink(publicUrl, event)}`,
      '',
      translate(language, 'alertMail.footer'),
      '',
    ].join('\n'),
  };
}

/** The digest of a window's held-back events: the count, the first few, a link to the alerts. */
export function renderDigestMail(
  header: Pick<AlertMailEvent, 'alertName' | 'siteName' | 'timeZone' | 'product' | 'operatingSiteId'>,
  digest: DigestContent,
  language: Language,
  publicUrl: string,
): RenderedMail {
  const base = publicUrl.replace(/\/$/, '');
  const alertsPage = `${base}/${header.operatingSiteId}/${header.product === 'battery' ? 'alerts' : 'mdload/alerts'}`;
  const more = digest.count - digest.sample.length;
  return {
    subject: translate(language, 'alertMail.digestSubject', { count: digest.count, alert: header.alertName }),
    text: [
      translate(language, 'alertMail.digestIntro', {
        alert: header.alertName,
        site: header.siteName,
        count: digest.count,
        from: formatZonedDateTime(digest.from, header.timeZone, language),
        to: formatZonedDateTime(digest.to, header.timeZone, language),
        timeZone: header.timeZone,
      }),
      ...digest.sample.flatMap((event) => ['', ...eventLines(event, language)]),
      ...(more > 0 ? ['', translate(language, 'alertMail.digestMore', { count: more })] : []),
      '',
      `${translate(language, 'alertMail.open')}: ${alertsPage}`,
      '',
      translate(language, 'alertMail.footer'),
      '',
    ].join('\n'),
  };
}
