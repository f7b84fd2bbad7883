// The browser side of Web Push: permission, the service worker's PushManager subscription.
export class PushPermissionDenied extends Error {}
export class PushUnsupported extends Error {}

/** iOS Safari can only subscribe from an app added to the Home Screen. */
export function isIosOutsideInstalledApp(): boolean {
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia?.('(display-mode: standalone)').matches;
  return ios && !standalone;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** spec §4 off to on: ask when permission is 'default', then subscribe this device. */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  if (
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    throw new PushUnsupported('Push notifications are not supported in this browser.');
  }
  let permission = Notification.permission;
  if (permission === 'default') permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied();
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  return subscription.toJSON();
}

/** spec §4 on to off: unsubscribe here (a failure is only logged); returns the endpoint. */
export async function unsubscribeThisDevice(): Promise<string | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return undefined;
    const endpoint = subscription.endpoint;
    await subscription
      .unsubscribe()
      .catch((err: unknown) => console.warn('Unsubscribing failed', err));
    return endpoint;
  } catch (err) {
    console.warn('Could not read the push subscription', err);
    return undefined;
  }
}
