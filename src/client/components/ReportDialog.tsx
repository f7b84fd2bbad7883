import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { PublicPun } from '#shared/api';
import type { ReportReason } from '#shared/moderation';
import {
  moderationMessages,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
} from '#shared/moderation-text';
import { ApiError, errorMessage } from '../api/client';
import { useReportPun } from '../api/moderation';
import { limitFieldEdit, punLength } from '../text-limit';
import { ModalDialog } from './ModalDialog';
import { Notice } from './Notice';

const REASON_HINTS: Record<ReportReason, string> = {
  offensive: 'Hateful, hurtful, harassing or not family-friendly.',
  spam: 'Advertising, links, or the same thing posted over and over.',
  other: 'Something else breaks the guidelines: tell us in the note.',
};

interface ReportDialogProps {
  pun: Pick<PublicPun, 'id' | 'text' | 'authorName'>;
  authorName: string;
  onClose: () => void;
}

// Report a pun (issue 8): a reason, an optional note with a counter, then the server's answer:
// thanks, or "already reported" (which is just as final), or what went wrong.
export function ReportDialog({ pun, authorName, onClose }: ReportDialogProps) {
  const report = useReportPun(pun.id);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const noteId = useId();
  const counterId = useId();
  const reasonErrorId = useId();

  const alreadyReported =
    report.error instanceof ApiError && report.error.status === 409 && report.error.fromServer;
  const done = report.isSuccess || alreadyReported;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (report.isPending) return;
    if (!reason) {
      setMissingReason(true);
      return;
    }
    const trimmed = note.trim();
    report.mutate({ reason, ...(trimmed ? { note: trimmed } : {}) });
  };

  if (done) {
    return (
      <ModalDialog title="Report sent" onClose={onClose}>
        <Notice kind="success">
          {report.isSuccess ? report.data.message : (report.error as ApiError).message}
        </Notice>
        <p className="modal-text">
          If enough players report it, it is hidden until someone reviews it. Our{' '}
          <Link to="/how-it-works#community-guidelines" onClick={onClose}>
            community guidelines
          </Link>{' '}
          say what belongs on Punday.
        </p>
        <div className="modal-actions">
          {/* biome-ignore lint/a11y/noAutofocus: the dialog's one action, focused when it opens */}
          <button type="button" className="button button-primary" onClick={onClose} autoFocus>
            Close
          </button>
        </div>
      </ModalDialog>
    );
  }

  const count = punLength(note);
  return (
    <ModalDialog title="Report this pun" onClose={onClose}>
      <blockquote className="modal-quote">
        <p>{pun.text}</p>
        <footer>— {authorName}</footer>
      </blockquote>
      <form className="form" onSubmit={submit} noValidate>
        <fieldset
          className="report-reasons"
          aria-describedby={missingReason ? reasonErrorId : undefined}
        >
          <legend className="field-label">Why are you reporting it?</legend>
          {REPORT_REASONS.map((key) => (
            <label key={key} className="report-reason">
              <input
                type="radio"
                name="reason"
                value={key}
                checked={reason === key}
                onChange={() => {
                  setReason(key);
                  setMissingReason(false);
                }}
              />
              <span>
                <span className="report-reason-label">{REPORT_REASON_LABELS[key]}</span>
                <span className="field-hint">{REASON_HINTS[key]}</span>
              </span>
            </label>
          ))}
          {missingReason ? (
            <p id={reasonErrorId} className="field-error" role="alert">
              {moderationMessages.chooseReason}
            </p>
          ) : null}
        </fieldset>
        <div className="field">
          <div className="field-head">
            <label className="field-label" htmlFor={noteId}>
              Anything to add? (optional)
            </label>
            <span id={counterId} className="field-hint">
              {count}/{REPORT_NOTE_MAX_LENGTH}
            </span>
          </div>
          <textarea
            id={noteId}
            className="input report-note"
            rows={3}
            value={note}
            aria-describedby={counterId}
            // Like the pun box: typing past the limit is ignored.
            onChange={(event) =>
              setNote(limitFieldEdit(event.currentTarget, note, REPORT_NOTE_MAX_LENGTH))
            }
          />
        </div>
        {report.isError ? (
          <Notice kind="error">
            {errorMessage(report.error, moderationMessages.reportFailed)}
          </Notice>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={report.isPending}>
            {report.isPending ? 'Sending...' : 'Send report'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
