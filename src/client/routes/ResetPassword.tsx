import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '#shared/constants';
import { messages } from '#shared/messages';
import { useConfirmPasswordReset, usePasswordResetToken } from '../api/auth';
import { ApiError, errorMessage } from '../api/client';
import { Brand } from '../components/Brand';
import { Field } from '../components/Field';
import { Notice } from '../components/Notice';
import { InlineSpinner } from '../components/PageSpinner';
import { usePageTitle } from '../hooks/usePageTitle';

function InvalidLink() {
  return (
    <>
      <Notice kind="error">{messages.passwordReset.invalidLink}</Notice>
      <p className="switch-auth">
        <Link to="/">Back to log in</Link>
      </p>
    </>
  );
}

// /reset-password?token=... : the page the reset email links to. Open to everyone; a successful
// reset signs this browser in (the server ends every other session).
export function ResetPasswordScreen() {
  usePageTitle('Reset Password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const tokenStatus = usePasswordResetToken(token, !confirm.isSuccess);
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    confirm.mutate({ token, password });
  };

  const tokenRejected = confirm.error instanceof ApiError && confirm.error.code === 'invalid_token';

  let body: ReactNode;
  if (confirm.isSuccess) {
    body = (
      <>
        <Notice kind="success">{messages.passwordReset.done}</Notice>
        <p className="switch-auth">
          <Link to="/dashboard">Go to your dashboard</Link>
        </p>
      </>
    );
  } else if (token === '' || tokenStatus.data?.valid === false || tokenRejected) {
    body = <InvalidLink />;
  } else if (tokenStatus.isPending) {
    body = <InlineSpinner />;
  } else {
    // A failed check (server unreachable) still lets the form try: the confirm call is the authority.
    body = (
      <form className="form" onSubmit={onSubmit} noValidate>
        {tokenStatus.isError ? (
          <Notice kind="error">
            {errorMessage(tokenStatus.error, messages.generic.unavailable)}
          </Notice>
        ) : null}
        <Field
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {confirm.isError ? (
          <Notice kind="error">{errorMessage(confirm.error, messages.generic.internal)}</Notice>
        ) : null}
        <button type="submit" className="button button-primary" disabled={confirm.isPending}>
          {confirm.isPending ? 'Saving...' : 'Set New Password'}
        </button>
      </form>
    );
  }

  return (
    <main className="auth-page">
      <Brand />
      <section className="card" aria-labelledby="reset-title">
        <h1 id="reset-title" className="card-title">
          Reset Password
        </h1>
        {body}
      </section>
    </main>
  );
}
