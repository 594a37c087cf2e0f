// Posts the sign-in form as JSON and on success goes to data-next: ?next= as the server checked it
// (same origin only, signin-page.ts). An account with two-factor sign-in answers that it needs a code: the code
// form then posts it. An account whose organisation requires two-factor sign-in enrols first: the page shows the
// secret, the first code switches it on and the recovery codes are shown once (decision 042).
const form = document.getElementById('signin');
const codeForm = document.getElementById('signin-code');
const recovery = document.getElementById('signin-recovery');

async function post(target, url, body, onAnswer) {
  const button = target.querySelector('button');
  const errorBox = target.querySelector('.error');
  button.disabled = true;
  errorBox.hidden = true;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': document.documentElement.lang },
      body: JSON.stringify(body),
    });
    const answer = response.status === 204 ? {} : await response.json().catch(() => ({}));
    if (response.ok) {
      await onAnswer(answer);
      return;
    }
    errorBox.textContent = answer.message || target.dataset.failed;
  } catch {
    errorBox.textContent = target.dataset.failed;
  }
  errorBox.hidden = false;
  button.disabled = false;
}

const done = () => location.assign(form.dataset.next || '/');

async function showEnrolment() {
  const response = await fetch('/api/v2/auth/login/enrolment', { method: 'POST' });
  const { secret, uri } = await response.json();
  const enrol = codeForm.querySelector('.enrol');
  enrol.querySelector('.secret').textContent = secret;
  enrol.querySelector('.uri').href = uri;
  enrol.hidden = false;
}

function showRecoveryCodes(codes) {
  codeForm.hidden = true;
  const list = recovery.querySelector('.codes');
  for (const code of codes) list.append(Object.assign(document.createElement('li'), { textContent: code }));
  recovery.hidden = false;
  recovery.querySelector('button').addEventListener('click', done);
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  await post(
    form,
    '/api/v2/auth/login',
    { username: form.username.value, password: form.password.value },
    async (answer) => {
      if (!answer.twoFactorRequired) return done();
      if (answer.enrolmentRequired) await showEnrolment();
      form.hidden = true;
      codeForm.hidden = false;
      codeForm.code.focus();
    },
  );
});

codeForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  await post(codeForm, '/api/v2/auth/login/code', { code: codeForm.code.value }, (answer) =>
    answer.recoveryCodes ? showRecoveryCodes(answer.recoveryCodes) : done(),
  );
});
