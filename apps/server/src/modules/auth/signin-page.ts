import type { FastifyInstance } from 'fastify';
import { type Language, translate } from '../../i18n/messages';
import { sameOriginPath } from './same-origin-path';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The sign-in page: served by the server, so no application view reaches signed-out users. After
 * sign-in the page goes to `?next=` only when that stays on this server's origin (PUBLIC_URL's, or
 * the request's own).
 */
export async function signinPage(app: FastifyInstance, options: { oidcEnabled: boolean; publicUrl?: string }) {
  app.get<{ Querystring: { next?: unknown } }>(
    '/signin',
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
      const next = sameOriginPath(request.query.next, origin);
      if (await request.sessionUser()) return reply.redirect(next);
      return reply.type('text/html; charset=utf-8').send(renderSignin(request.language, options.oidcEnabled, next));
    },
  );
}

export function renderSignin(language: Language, oidcEnabled: boolean, next = '/'): string {
  const t = (key: Parameters<typeof translate>[1]) => escapeHtml(translate(language, key));
  const oidc = oidcEnabled
    ? `<p class="or">${t('signin.or')}</p><a class="oidc" href="/api/v2/auth/oidc/start">${t('signin.oidc')}</a>`
    : '';
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('signin.title')} - CBM</title>
<link rel="icon" href="/signin/favicon.svg">
<link rel="stylesheet" href="/signin/signin.css">
<script src="/signin/signin.js" defer></script>
</head>
<body>
<main class="card">
  <div class="brand"><img src="/signin/favicon.svg" alt="" width="40" height="40"><span>CBM</span></div>
  <h1>${t('signin.heading')}</h1>
  <p class="subtitle">${t('signin.subtitle')}</p>
  <form id="signin" data-failed="${t('signin.failed')}" data-next="${escapeHtml(next)}">
    <label>${t('signin.username')}<input type="email" name="username" autocomplete="username" required autofocus></label>
    <label>${t('signin.password')}<input type="password" name="password" autocomplete="current-password" required></label>
    <p class="error" role="alert" hidden></p>
    <button type="submit">${t('signin.submit')}</button>
  </form>
  <form id="signin-code" data-failed="${t('signin.failed')}" hidden>
    <h2>${t('signin.codeHeading')}</h2>
    <p class="subtitle">${t('signin.codeHint')}</p>
    <div class="enrol" hidden>
      <p>${t('signin.enrolHint')}</p>
      <p><code class="secret"></code></p>
      <p><a class="uri" href="/signin">${t('signin.enrolLink')}</a></p>
    </div>
    <label>${t('signin.code')}<input name="code" autocomplete="one-time-code" required minlength="6" maxlength="32"></label>
    <p class="error" role="alert" hidden></p>
    <button type="submit">${t('signin.codeSubmit')}</button>
  </form>
  <section id="signin-recovery" hidden>
    <h2>${t('signin.recoveryHeading')}</h2>
    <p class="subtitle">${t('signin.recoveryHint')}</p>
    <ol class="codes"></ol>
    <button type="button">${t('signin.continue')}</button>
  </section>
  ${oidc}
</main>
</body>
</html>`;
}
