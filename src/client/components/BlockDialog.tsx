import { Link } from 'react-router';
import { moderationMessages } from '#shared/moderation-text';
import { errorMessage } from '../api/client';
import { useBlockPlayer } from '../api/moderation';
import { ModalDialog } from './ModalDialog';
import { Notice } from './Notice';

interface BlockDialogProps {
  userId: string;
  name: string;
  /**
   * `blocked`: the player was blocked; the caller then takes their puns out of the lists
   * (forgetBlockedPlayer) once focus is somewhere that stays.
   */
  onClose: (blocked: boolean) => void;
}

// Block a player (issue 8): say what it does, confirm, then confirm it happened. Their puns leave
// the lists when this closes, so the reader is not pulled out of the dialog mid-sentence.
export function BlockDialog({ userId, name, onClose }: BlockDialogProps) {
  const block = useBlockPlayer();
  const close = () => onClose(block.isSuccess);

  if (block.isSuccess) {
    return (
      <ModalDialog title={`You blocked ${name}`} onClose={close}>
        <Notice kind="success">Their puns are hidden from you now.</Notice>
        <p className="modal-text">
          To undo it, unblock them under Blocked players on the{' '}
          <Link to="/friends" onClick={close}>
            Friends
          </Link>{' '}
          page.
        </p>
        <div className="modal-actions">
          {/* biome-ignore lint/a11y/noAutofocus: the dialog's one action, focused when it opens */}
          <button type="button" className="button button-primary" onClick={close} autoFocus>
            Done
          </button>
        </div>
      </ModalDialog>
    );
  }

  return (
    <ModalDialog title={`Block ${name}?`} role="alertdialog" onClose={close}>
      <ul className="modal-list">
        <li>You won't see their puns in your feeds, and they won't show up when you search.</li>
        <li>Neither of you can react to the other's puns or add the other as a friend.</li>
        <li>If you are friends, the friendship ends. They are not told.</li>
      </ul>
      {block.isError ? (
        <Notice kind="error">{errorMessage(block.error, moderationMessages.blockFailed)}</Notice>
      ) : null}
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={block.isPending}
          onClick={() => {
            if (!block.isPending) block.mutate(userId);
          }}
        >
          {block.isPending ? 'Blocking...' : `Block ${name}`}
        </button>
      </div>
    </ModalDialog>
  );
}
