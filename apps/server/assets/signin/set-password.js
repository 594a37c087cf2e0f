// Posts the new password with the link's token (set-password-page.ts); on success shows the way to sign in.
const form = document.getElementById('set-password');
const errorBox = form?.querySelector('.error');

form?.addEventListener('submit', async (event) => {
  event.preventDefault();
  errorBox.hidden = true;
  if (form.password.value !== form.repeat.value) {
    errorBox.textContent = form.dataset.mismatch;
    errorBox.hidden = false;
    return;
  }
  const button = form.querySelector('button');
  button.disabled = true;
  try {
    const response = await fetch('/api/v2/people/password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': document.documentElement.lang },
      body: JSON.stringify({ token: form.dataset.token, password: form.password.value }),
    });
    if (response.ok) {
      form.hidden = true;
      document.querySelector('.done').hidden = false;
      return;
    }
    const body = await response.json().catch(() => ({}));
    const fieldMessages = body.errors?.['body.password'];
    errorBox.textContent = fieldMessages?.join(' ') || body.message || form.dataset.failed;
  } catch {
    errorBox.textContent = form.dataset.failed;
  }
  errorBox.hidden = false;
  button.disabled = false;
});
