/** A registered device's MQTT login, as the Devices page handed it out. */
export interface DeviceLogin {
  serial: string;
  username: string;
  secret: string;
}

/** What an attack process is given: where to aim, and its own device logins. */
export interface Target {
  base: string;
  mqttUrl: string;
  /** The bench's operating site with the most batteries. */
  benchSiteId: number;
  floodDevice: DeviceLogin;
  oversizeDevice: DeviceLogin;
}

export interface AttackOutcome {
  /** What the attack did, for the table. */
  summary: string;
  /** A guarantee of the issue the attack found broken: the bench fails with it in every mode. */
  broken?: string;
}

/** An attack sustained until `endAt` (performance.now()); resolves once everything it started has ended. */
export type Attack = (target: Target, endAt: number) => Promise<AttackOutcome>;

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const count = (value: number) => value.toLocaleString('en');
