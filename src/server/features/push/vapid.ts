// VAPID keys: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or generated on first start and kept in
// the database, so every instance signs with the same pair (a subscription is bound to one key).
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '#server/db/connect';
import { appSettings } from '#server/db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export async function loadVapidKeys(
  db: Db,
  configured: { publicKey: string | undefined; privateKey: string | undefined; subject: string },
): Promise<VapidKeys> {
  if (configured.publicKey && configured.privateKey) {
    return {
      publicKey: configured.publicKey,
      privateKey: configured.privateKey,
      subject: configured.subject,
    };
  }
  const read = async () => {
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, 'vapid'));
    return row?.value as { publicKey: string; privateKey: string } | undefined;
  };
  let stored = await read();
  if (!stored) {
    const generated = webpush.generateVAPIDKeys();
    // Two instances starting together: the first insert wins and both read it back.
    await db
      .insert(appSettings)
      .values({ key: 'vapid', value: sql`${JSON.stringify(generated)}::jsonb` })
      .onConflictDoNothing();
    stored = await read();
  }
  if (!stored) throw new Error('could not store the VAPID keys');
  return { ...stored, subject: configured.subject };
}
