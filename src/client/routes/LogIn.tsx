import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '#shared/messages';
import { useLogin, usePasswordReset } from '../api/auth';
import { ApiError, errorMessage } from '../api/client';
import { Brand } from '../components/Brand';
import { Field } from '../components/Field';
import { FlashNotice } from '../components/FlashNotice';
import { Notice } from '../components/Notice';
import { TopPunsPanel } from '../components/TopPunsPanel';
import { usePageTitle } from '../hooks/usePageTitle';

interface ResetNotice {
  kind: 'success' | 'error';
  text: string;
}

// spec §8 Log-in: a wrong password or unknown user reads the same; otherwise the server's words.
function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return messages.login.invalidCredentials;
  return errorMessage(error, messages.login.failed);
}

// spec §2 Log-in (/)
export function LogInScreen() {
  usePageTitle('Log In');
  const navigate = useNavigate();
  const login = useLogin();
  const passwordReset = usePasswordReset();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [resetNotice, setResetNotice] = useState<ResetNotice | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    setResetNotice(null);
    login.mutate(
      { email: email.trim(), password },
      { onSuccess: () => void navigate('/dashboard', { replace: true }) },
    );
  };

  const onForgotPassword = () => {
    login.reset();
    const address = email.trim();
    // spec §5: an email must be typed first.
    if (address === '') {
      setResetNotice({ kind: 'error', text: messages.passwordReset.emailFirst });
      return;
    }
    setResetNotice(null);
    passwordReset.mutate(
      { email: address },
      {
        onSuccess: (reply) => setResetNotice({ kind: 'success', text: reply.message }),
        onError: (error) =>
          setResetNotice({
            kind: 'error',
            text: errorMessage(error, messages.passwordReset.failed),
          }),
      },
    );
  };

  return (
    <main className="auth-page">
      <Brand />
      <FlashNotice />
      <section className="card" aria-labelledby="login-title">
        <h1 id="login-title" className="card-title">
          Log In
        </h1>
        <form className="form" onSubmit={onSubmit} noValidate>
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Field
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {login.isError ? <Notice kind="error">{loginErrorMessage(login.error)}</Notice> : null}
          <button type="submit" className="button button-primary" disabled={login.isPending}>
            {login.isPending ? 'Logging in...' : 'Log In'}
          </button>
        </form>
        <div className="form-aside">
          <button
            type="button"
            className="link-button"
            onClick={onForgotPassword}
            disabled={passwordReset.isPending}
          >
            Forgot your password?
          </button>
          {resetNotice ? <Notice kind={resetNotice.kind}>{resetNotice.text}</Notice> : null}
        </div>
        <p className="switch-auth">
          Don't have an account? <Link to="/signup">Sign up</Link>
        </p>
      </section>
      <TopPunsPanel />
    </main>
  );
}
