// Posts the sign-in form as JSON and on success goes to data-next: ?next= as the server checked it
// (same origin only, signin-page.ts).
const form = document.getElementById('signin');
const errorBox = form.querySelector('.error');

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const button = form.querySelector('button');
  button.disabled = true;
  errorBox.hidden = true;
  try {
    const response = await fetch('/api/v2/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': document.documentElement.lang },
      body: JSON.stringify({ username: form.username.value, password: form.password.value }),
    });
    if (response.ok) {
      location.assign(form.dataset.next || '/');
      return;
    }
    const body = await response.json().catch(() => ({}));
    errorBox.textContent = body.message || form.dataset.failed;
  } catch {
    errorBox.textContent = form.dataset.failed;
  }
  errorBox.hidden = false;
  button.disabled = false;
});
