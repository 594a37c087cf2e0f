// Posts the sign-in form as JSON and follows ?next= (same-origin paths only) on success.
const form = document.getElementById('signin');
const errorBox = form.querySelector('.error');

function nextPath() {
  const next = new URLSearchParams(location.search).get('next') || '/';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

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
      location.assign(nextPath());
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
