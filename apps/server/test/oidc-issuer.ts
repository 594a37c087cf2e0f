import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface IssuerAccount {
  email: string;
  given_name: string;
  family_name: string;
  cbm_features?: unknown;
  /** Left out unless set, as some providers do. */
  email_verified?: unknown;
}

export interface OidcClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface OidcIssuer {
  url: string;
  /** Accounts by login name; the development sign-in form accepts any password. */
  accounts: Map<string, IssuerAccount>;
  /** Starts answering as an issuer with this one client; until then every request gets 503. */
  register(client: OidcClient): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect issuer (oidc-provider with its development sign-in and consent pages) on
 * 127.0.0.1 and a free port. It listens before it knows its client, so the client's callback URL
 * may name a port chosen after the issuer's.
 */
export async function startOidcIssuer(): Promise<OidcIssuer> {
  let handle: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const server = createServer((request, response) => {
    if (handle) handle(request, response);
    else response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, IssuerAccount>();
  return {
    url,
    accounts,
    register({ clientId, clientSecret, redirectUri }) {
      const provider = new Provider(url, {
        clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri] }],
        // As many company providers do, the features travel with the profile scope.
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['given_name', 'family_name', 'cbm_features'],
        },
        async findAccount(_context, id) {
          const account = accounts.get(id);
          return account && { accountId: id, claims: () => ({ sub: id, ...account }) };
        },
      });
      handle = provider.callback();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
