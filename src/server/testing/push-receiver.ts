// A real Web Push endpoint on 127.0.0.1 for tests: it checks the VAPID JWT (ES256 signature with
// the key in the Authorization header, audience, expiry), decrypts the aes128gcm payload with the
// subscription's private key and auth secret (RFC 8188 / RFC 8291), and answers with whatever
// status the test asks for.
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  subscriptionId: string;
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  jwt: { aud: string; exp: number; sub: string };
}

interface Device {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  /** Statuses to answer with, in order; the last one repeats. */
  statuses: number[];
}

const b64url = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

function decrypt(body: Buffer, device: Device): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const receiverPublic = device.ecdh.getPublicKey();
  const shared = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = hmac(hmac(device.auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  return padded.subarray(0, padded.lastIndexOf(2));
}

function verifyVapid(authorization: string | undefined, origin: string): ReceivedPush['jwt'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`bad Authorization header: ${authorization}`);
  const [header, claims, signature] = match[1].split('.') as [string, string, string];
  const point = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const jwt = JSON.parse(Buffer.from(claims, 'base64url').toString()) as ReceivedPush['jwt'];
  if (jwt.aud !== origin) throw new Error(`VAPID audience ${jwt.aud} is not ${origin}`);
  if (!(jwt.exp > Date.now() / 1000)) throw new Error('VAPID token expired');
  if (!/^(mailto:|https:)/.test(jwt.sub)) throw new Error(`VAPID subject ${jwt.sub}`);
  return jwt;
}

export interface PushReceiver {
  origin: string;
  received: ReceivedPush[];
  errors: string[];
  /** A new device: a subscription as a browser's PushManager would give it. */
  subscribe(statuses?: number[]): {
    id: string;
    endpoint: string;
    keys: { p256dh: string; auth: string };
  };
  close(): Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = req.url?.split('/push/')[1] ?? '';
      const device = devices.get(id);
      if (!device) {
        res.writeHead(404).end();
        return;
      }
      const status =
        device.statuses.length > 1 ? (device.statuses.shift() ?? 201) : (device.statuses[0] ?? 201);
      try {
        if (req.method !== 'POST') throw new Error(`method ${req.method}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const jwt = verifyVapid(req.headers.authorization, origin);
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), device).toString('utf8'));
        if (status >= 200 && status < 300) {
          received.push({
            subscriptionId: id,
            payload,
            ttl: Number(req.headers.ttl),
            urgency: req.headers.urgency as string | undefined,
            topic: req.headers.topic as string | undefined,
            jwt,
          });
        }
        res.writeHead(status).end();
      } catch (err) {
        errors.push(String(err));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    errors,
    subscribe(statuses = [201]) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(6).toString('hex');
      devices.set(id, { ecdh, auth, statuses: [...statuses] });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
