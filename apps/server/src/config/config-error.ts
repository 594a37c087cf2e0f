/** A wrong environment: the message lists what is wrong, one variable a line. */
export class ConfigError extends Error {}
