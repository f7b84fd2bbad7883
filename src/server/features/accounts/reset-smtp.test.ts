// The password reset flow through a real SMTP conversation with a server on 127.0.0.1.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#server/db/connect';
import {
  createTestApp,
  resetLinkIn,
  sessionCookieOf,
  signUpUser,
  type TestApp,
} from '#server/testing/app';
import { describeEachDb } from '#server/testing/db';
import { messages } from '#shared/messages';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describeEachDb('password reset by SMTP', (kind) => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let t: TestApp;
  let refuseRecipients = false;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(refuseRecipients ? new Error('mailbox unavailable') : undefined);
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp(kind, {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Punday <noreply@punday.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers a single-use reset link by SMTP and the new password works', async () => {
    await signUpUser(t.app, { email: 'smtp-user@example.com', password: 'old-password' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'smtp-user@example.com' },
    });
    expect(res.json().message).toBe(messages.passwordReset.sent);
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('noreply@punday.test');
    expect(received[0]?.to).toEqual(['smtp-user@example.com']);
    expect(await t.outbox()).toEqual([]);

    const link = resetLinkIn(received[0]?.raw ?? '');
    expect(link.origin).toBe(t.ctx.config.publicUrl);
    const token = link.searchParams.get('token') ?? '';
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'brand-new-password' },
    });
    expect(confirm.statusCode).toBe(200);
    sessionCookieOf(confirm);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'smtp-user@example.com', password: 'brand-new-password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('says the spec message when the mail server refuses, and leaves no usable link behind', async () => {
    await signUpUser(t.app, { email: 'bounce@example.com' });
    refuseRecipients = true;
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email: 'bounce@example.com' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(messages.passwordReset.failed);
    } finally {
      refuseRecipients = false;
    }
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from password_resets where used_at is null`,
    );
    expect(row?.n).toBe(0);
  });
});
