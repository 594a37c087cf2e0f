import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cbm/contracts/people';
import { type Language, translate } from '../../i18n/messages';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The page a mailed link opens, like the sign-in page served by the server (signed-out users get no app
 * view). With a live link it asks for the new password; otherwise it says the link is not valid.
 */
export function renderSetPassword(language: Language, link: { token: string; email: string } | undefined): string {
  const t = (key: Parameters<typeof translate>[1], values: Record<string, string | number> = {}) =>
    escapeHtml(translate(language, key, values));
  const body = link
    ? `<p class="subtitle">${t('setPassword.subtitle', { n: PASSWORD_MIN_LENGTH })}</p>
  <form id="set-password" data-token="${escapeHtml(link.token)}" data-failed="${t('setPassword.failed')}" data-mismatch="${t('setPassword.mismatch')}">
    <label>${t('setPassword.email')}<input type="email" name="username" autocomplete="username" value="${escapeHtml(link.email)}" readonly></label>
    <label>${t('setPassword.password')}<input type="password" name="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}" required autofocus></label>
    <label>${t('setPassword.repeat')}<input type="password" name="repeat" autocomplete="new-password" required></label>
    <p class="error" role="alert" hidden></p>
    <button type="submit">${t('setPassword.submit')}</button>
  </form>
  <p class="done" role="status" hidden>${t('setPassword.done')} <a href="/signin">${t('setPassword.toSignin')}</a></p>`
    : `<p class="error" role="alert">${t('errors.personLinkInvalid')}</p><p><a href="/signin">${t('setPassword.toSignin')}</a></p>`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${t('setPassword.title')} - CBM</title>
<link rel="icon" href="/signin/favicon.svg">
<link rel="stylesheet" href="/signin/signin.css">
<script src="/signin/set-password.js" defer></script>
</head>
<body>
<main class="card">
  <div class="brand"><img src="/signin/favicon.svg" alt="" width="40" height="40"><span>CBM</span></div>
  <h1>${t('setPassword.heading')}</h1>
  ${body}
</main>
</body>
</html>`;
}
