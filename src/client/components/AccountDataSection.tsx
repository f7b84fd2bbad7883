// Own your data (issue 8): download everything Punday keeps about you, or delete the account
// after typing the password. The server checks the password and does the deleting; this screen
// shows its answer, and on success the browser forgets the player (see useDeleteAccount).
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { accountDataMessages } from '#shared/account-data-text';
import { ACCOUNT_EXPORT_URL, useDeleteAccount } from '../api/account-data';
import { errorMessage } from '../api/client';
import { Field } from './Field';
import { ModalDialog } from './ModalDialog';
import { Notice } from './Notice';
import '../account.css';

export function AccountDataSection() {
  return (
    <>
      <section className="card" aria-labelledby="your-data-title">
        <h2 id="your-data-title" className="card-title">
          Your Data
        </h2>
        <p className="account-data-text">
          A JSON file of everything Punday keeps about you: your account, settings, puns, reactions
          you gave, friends, blocks and reports.
        </p>
        <a className="button button-secondary" href={ACCOUNT_EXPORT_URL} download>
          Download my data
        </a>
      </section>
      <DeleteAccount />
    </>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Focus goes back to the button once the dialog has gone (while it is open, the page is inert).
  useEffect(() => {
    if (wasOpen.current && !open) openerRef.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const close = () => setOpen(false);
  return (
    <section className="card danger-zone" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="card-title">
        Delete Account
      </h2>
      <p className="account-data-text">
        Deletes your account, your puns and the reactions on them, the reactions you gave, your
        friends list and your notification subscriptions. This cannot be undone.
      </p>
      <button
        ref={openerRef}
        type="button"
        className="button button-danger"
        onClick={() => setOpen(true)}
      >
        Delete my account
      </button>
      {open ? <DeleteAccountDialog onClose={close} /> : null}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (password === '') {
      setError(accountDataMessages.passwordRequired);
      passwordRef.current?.focus();
      return;
    }
    setError(null);
    remove.mutate(
      { password },
      {
        onError: (failure) => {
          setError(errorMessage(failure, accountDataMessages.deleteFailed));
          setPassword('');
          passwordRef.current?.focus();
        },
      },
    );
  };

  return (
    <ModalDialog title="Delete your account?" role="alertdialog" onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="modal-text account-data-text">
          Everything goes: your puns, the crowns and reactions on them, and the ones you gave. Type
          your password to confirm.
        </p>
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          autoFocus
          inputRef={passwordRef}
          value={password}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error ? <Notice kind="error">{error}</Notice> : null}
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-danger" disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete forever'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
