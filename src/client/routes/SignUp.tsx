import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SignupRequest } from '#shared/api';
import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/constants';
import { messages } from '#shared/messages';
import { useSignup } from '../api/auth';
import { ApiError, errorMessage } from '../api/client';
import { Brand } from '../components/Brand';
import { Field } from '../components/Field';
import { Notice } from '../components/Notice';
import { usePageTitle } from '../hooks/usePageTitle';

function signupErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return messages.signup.emailInUse;
  return errorMessage(error, messages.signup.failed);
}

// spec §2 Sign-up (/signup). The quick checks here only spare a round trip; the server decides.
export function SignUpScreen() {
  usePageTitle('Sign Up');
  const navigate = useNavigate();
  const signup = useSignup();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signup.isPending) return;
    signup.reset();
    if (email.trim() === '') {
      setFormError(messages.signup.emailRequired);
      emailRef.current?.focus();
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      setFormError(messages.signup.weakPassword);
      passwordRef.current?.focus();
      return;
    }
    setFormError(null);
    const name = displayName.trim();
    const request: SignupRequest = { email: email.trim(), password };
    if (name !== '') request.displayName = name;
    signup.mutate(request, { onSuccess: () => void navigate('/dashboard', { replace: true }) });
  };

  const shownError = formError ?? (signup.isError ? signupErrorMessage(signup.error) : null);

  return (
    <main className="auth-page">
      <Brand />
      <section className="card" aria-labelledby="signup-title">
        <h1 id="signup-title" className="card-title">
          Sign Up
        </h1>
        <form className="form" onSubmit={onSubmit} noValidate>
          <Field
            label="Display name"
            hint="Optional"
            name="displayName"
            autoComplete="nickname"
            maxLength={DISPLAY_NAME_MAX_LENGTH}
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
          />
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            inputRef={emailRef}
            aria-invalid={formError === messages.signup.emailRequired || undefined}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Field
            label="Password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
            type="password"
            name="password"
            autoComplete="new-password"
            required
            inputRef={passwordRef}
            aria-invalid={formError === messages.signup.weakPassword || undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {shownError ? <Notice kind="error">{shownError}</Notice> : null}
          <button type="submit" className="button button-primary" disabled={signup.isPending}>
            {signup.isPending ? 'Creating account...' : 'Sign Up'}
          </button>
        </form>
        <p className="switch-auth">
          Already have an account? <Link to="/">Log in</Link>
        </p>
      </section>
    </main>
  );
}
