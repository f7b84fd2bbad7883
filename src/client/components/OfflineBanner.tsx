import { messages } from '#shared/messages';
import { useOnlineStatus } from '../hooks/useOnlineStatus';

// spec §2, §8: shown on every screen whenever the browser is offline.
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <p className="offline-banner" role="status">
      {messages.offlineBanner}
    </p>
  );
}
