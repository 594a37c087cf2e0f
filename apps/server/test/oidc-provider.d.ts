// oidc-provider ships no types; this declares the little the tests use of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Account {
    accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export interface Configuration {
    clients: Record<string, unknown>[];
    /** Scope name to the claims it releases; null for claims without a scope. */
    claims?: Record<string, string[] | null>;
    findAccount(context: unknown, id: string): Promise<Account | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
