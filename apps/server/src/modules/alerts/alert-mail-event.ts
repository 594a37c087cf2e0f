import type { AlertProduct } from '@cbm/contracts/alerts';

/** One matched event as an alert mail tells it; stored with the delivery when the event arrives. */
export interface AlertMailEvent {
  alertId: number;
  alertName: string;
  product: AlertProduct;
  operatingSiteId: number;
  siteName: string;
  timeZone: string;
  serialNumber: string;
  deviceName: string;
  /** error, warning, limit: a device event; threshold, silence: a rule of decision 040; recovered: its end. */
  type: 'error' | 'warning' | 'limit' | 'threshold' | 'silence' | 'recovered';
  code: string;
  description: string;
  category: string | null;
  /** ISO time of the event (device clock). */
  ts: string;
  attributes: Record<string, string | number | boolean | null>;
}
