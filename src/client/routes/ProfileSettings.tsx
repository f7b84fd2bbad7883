// spec §2 Profile settings, §4 Push notifications, §5 Display name and Friend notifications, §8
// Settings: every outcome has the spec's message, in a green success box or a red error box.
import { type FormEvent, useEffect, useState } from 'react';
import { DISPLAY_NAME_MAX_LENGTH, DISPLAY_NAME_MESSAGE_CLEAR_MS } from '#shared/constants';
import { messages } from '#shared/messages';
import { useMe } from '../api/auth';
import { ApiError } from '../api/client';
import {
  fetchPushPublicKey,
  useDeletePushSubscription,
  useSaveDisplayName,
  useSetFriendNotifications,
  useStorePushSubscription,
} from '../api/settings';
import { AccountDataSection } from '../components/AccountDataSection';
import { Notice } from '../components/Notice';
import { ThemeSetting } from '../components/ThemeSetting';
import { usePageTitle } from '../hooks/usePageTitle';
import {
  isIosOutsideInstalledApp,
  PushPermissionDenied,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '../push-browser';
import '../game.css';

interface Message {
  kind: 'success' | 'error';
  text: string;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function ProfileSettingsScreen() {
  usePageTitle('Profile Settings');
  return (
    <>
      <h1 className="page-title">Profile Settings</h1>
      <div className="stack">
        <DisplayNameSection />
        <NotificationsSection />
        <ThemeSetting />
        <AccountDataSection />
      </div>
    </>
  );
}

function DisplayNameSection() {
  const me = useMe();
  const save = useSaveDisplayName();
  const [name, setName] = useState(me.displayName);
  const [message, setMessage] = useState<Message | null>(null);

  // spec §9: the display-name message clears after 5 seconds.
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), DISPLAY_NAME_MESSAGE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    if (name.trim() === '') {
      setMessage({ kind: 'error', text: messages.settings.displayNameEmpty });
      return;
    }
    save.mutate(name, {
      onSuccess: ({ user, message: text }) => {
        setName(user.displayName);
        setMessage({ kind: 'success', text });
      },
      onError: (error) => {
        const text =
          error instanceof ApiError &&
          error.code === 'validation' &&
          error.message === messages.settings.displayNameEmpty
            ? error.message
            : messages.settings.displayNameError(reason(error));
        setMessage({ kind: 'error', text });
      },
    });
  };

  return (
    <section className="card" aria-labelledby="display-name-title">
      <h2 id="display-name-title" className="card-title">
        Your Name
      </h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor="display-name">
            Display Name
          </label>
          <input
            id="display-name"
            className="input"
            value={name}
            maxLength={DISPLAY_NAME_MAX_LENGTH}
            autoComplete="nickname"
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        {message ? <Notice kind={message.kind}>{message.text}</Notice> : null}
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </button>
      </form>
    </section>
  );
}

function NotificationsSection() {
  const me = useMe();
  const store = useStorePushSubscription();
  const remove = useDeletePushSubscription();
  const setFriends = useSetFriendNotifications();
  const [busy, setBusy] = useState<'push' | 'friends' | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [showIosHelp, setShowIosHelp] = useState(false);

  const togglePush = async () => {
    setBusy('push');
    setMessage(null);
    try {
      if (me.notificationsEnabled) {
        const endpoint = await unsubscribeThisDevice();
        await remove.mutateAsync(endpoint);
        setMessage({ kind: 'success', text: messages.settings.pushDisabled });
      } else {
        const subscription = await subscribeThisDevice(await fetchPushPublicKey());
        const keys = subscription.keys ?? {};
        await store.mutateAsync({
          endpoint: subscription.endpoint ?? '',
          keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' },
        });
        setMessage({ kind: 'success', text: messages.settings.pushEnabled });
      }
    } catch (error) {
      if (error instanceof PushPermissionDenied) {
        setMessage({ kind: 'error', text: messages.settings.permissionDenied });
      } else {
        setMessage({ kind: 'error', text: messages.settings.notificationsError(reason(error)) });
      }
      // spec §2: iOS gets the Add to Home Screen instructions after an enable failure.
      if (!me.notificationsEnabled && isIosOutsideInstalledApp()) setShowIosHelp(true);
    } finally {
      setBusy(null);
    }
  };

  const toggleFriends = async () => {
    if (!me.notificationsEnabled) {
      setMessage({ kind: 'error', text: messages.settings.pushFirst });
      return;
    }
    setBusy('friends');
    setMessage(null);
    try {
      const enable = !me.friendNotificationsEnabled;
      await setFriends.mutateAsync(enable);
      setMessage({
        kind: 'success',
        text: enable ? messages.settings.friendEnabled : messages.settings.friendDisabled,
      });
    } catch (error) {
      setMessage({
        kind: 'error',
        text: messages.settings.friendNotificationsError(reason(error)),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title" className="card-title">
        Notifications
      </h2>
      <div className="setting-row">
        <div>
          <p className="setting-name" id="push-label">
            Push Notifications
          </p>
          <p className="muted setting-hint">A reminder at 6 PM if you have not punned yet.</p>
        </div>
        <button
          type="button"
          className={me.notificationsEnabled ? 'button' : 'button button-primary'}
          aria-describedby="push-label"
          aria-pressed={me.notificationsEnabled}
          disabled={busy !== null}
          onClick={() => void togglePush()}
        >
          {me.notificationsEnabled ? 'Disable' : 'Enable'}
        </button>
      </div>
      <div className="setting-row">
        <div>
          <p className="setting-name" id="friend-label">
            Friend Notifications
          </p>
          <p className="muted setting-hint">When a friend posts a pun.</p>
        </div>
        <button
          type="button"
          className={me.friendNotificationsEnabled ? 'button' : 'button button-primary'}
          aria-describedby="friend-label"
          aria-pressed={me.friendNotificationsEnabled}
          disabled={busy !== null || !me.notificationsEnabled}
          title={me.notificationsEnabled ? undefined : messages.settings.pushFirst}
          onClick={() => void toggleFriends()}
        >
          {me.friendNotificationsEnabled ? 'Disable' : 'Enable'}
        </button>
      </div>
      {message ? <Notice kind={message.kind}>{message.text}</Notice> : null}
      {showIosHelp ? (
        <div className="ios-help" role="note">
          <p className="setting-name">Turn on notifications on iPhone or iPad</p>
          <ol>
            <li>Tap the Share button in Safari.</li>
            <li>Choose Add to Home Screen.</li>
            <li>Tap Add, then open Punday from your Home Screen and enable notifications here.</li>
          </ol>
        </div>
      ) : null}
    </section>
  );
}
