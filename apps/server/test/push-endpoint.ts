import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on loopback for tests (issue 16): it checks each request's VAPID signature
 * (RFC 8292) against the server's public key and decrypts its aes128gcm payload (RFC 8291,
 * RFC 8188) with the subscription's private key, written from the RFCs with node:crypto only.
 * `answer` decides the status it replies with (201 by default; 410 to say "gone").
 */
export type ReceivedPush = {
  path: string;
  payload: unknown;
  ttl: string | undefined;
  vapid: { aud: string; exp: number; sub: string; key: string };
};

const b64url = (buf: Buffer | Uint8Array) => Buffer.from(buf).toString('base64url');

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));
}

/** A device's subscription keys: the ECDH pair (P-256) and the 16-byte auth secret. */
export function deviceKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
  };
}

/** RFC 8291 §3.4 / RFC 8188 §2: the plaintext of one aes128gcm record. */
export function decrypt(body: Buffer, device: ReturnType<typeof deviceKeys>): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(device.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0) throw new Error('no padding delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256 over that key. */
export function verifyVapid(header: string | undefined): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a vapid authorization: ${header}`);
  const [token, key] = [match[1]!, match[2]!];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const publicKey = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(Buffer.from(key, 'base64url').subarray(1, 33)),
      y: b64url(Buffer.from(key, 'base64url').subarray(33, 65)),
    },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('vapid signature does not verify');
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  if (header64.alg !== 'ES256') throw new Error(`vapid alg ${header64.alg}`);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  return { ...body, key };
}

export async function startPushEndpoint() {
  const devices = new Map<string, ReturnType<typeof deviceKeys>>();
  const received: ReceivedPush[] = [];
  const errors: unknown[] = [];
  let answer: (path: string) => number = () => 201;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const path = req.url ?? '';
        const device = devices.get(path);
        if (!device) throw new Error(`no device at ${path}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const vapid = verifyVapid(req.headers.authorization);
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), device).toString()) as unknown;
        const ttl = req.headers.ttl;
        received.push({ path, payload, ttl: Array.isArray(ttl) ? ttl[0] : ttl, vapid });
        res.writeHead(answer(path)).end();
      } catch (err) {
        errors.push(err);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    errors,
    /** A new device: its endpoint and keys, as a browser's PushSubscription.toJSON() has them. */
    device() {
      const path = `/push/${crypto.randomUUID()}`;
      const keys = deviceKeys();
      devices.set(path, keys);
      return { endpoint: `${base}${path}`, path, keys: keys.keys };
    },
    answerWith(fn: (path: string) => number) {
      answer = fn;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
