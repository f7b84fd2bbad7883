// Draws Punday's app icons (a gold crown on purple) as real PNG files, with no image library:
// pixels are rasterised here and written with node:zlib. Run: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/client/public/icons');
mkdirSync(out, { recursive: true });

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5);
      const i = y * (size * 4 + 1) + 1 + x * 4;
      raw[i] = r;
      raw[i + 1] = g;
      raw[i + 2] = b;
      raw[i + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function inside(poly, x, y) {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

// Crown in a 0..1 box.
const crown = [
  [0.18, 0.7],
  [0.14, 0.32],
  [0.34, 0.5],
  [0.5, 0.24],
  [0.66, 0.5],
  [0.86, 0.32],
  [0.82, 0.7],
];
const band = [
  [0.18, 0.74],
  [0.82, 0.74],
  [0.82, 0.82],
  [0.18, 0.82],
];
const PURPLE = [91, 33, 182, 255];
const GOLD = [251, 191, 36, 255];

function icon(size, { safeZone, rounded }) {
  const scale = safeZone ? 0.62 : 0.8;
  const offset = (1 - scale) / 2;
  const radius = rounded ? 0.2 : 0;
  return png(size, (px, py) => {
    const x = px / size;
    const y = py / size;
    if (radius) {
      const cx = Math.min(Math.max(x, radius), 1 - radius);
      const cy = Math.min(Math.max(y, radius), 1 - radius);
      if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return [0, 0, 0, 0];
    }
    const u = (x - offset) / scale;
    const v = (y - offset) / scale;
    return inside(crown, u, v) || inside(band, u, v) ? GOLD : PURPLE;
  });
}

writeFileSync(path.join(out, 'icon-192.png'), icon(192, { safeZone: false, rounded: true }));
writeFileSync(path.join(out, 'icon-512.png'), icon(512, { safeZone: false, rounded: true }));
writeFileSync(
  path.join(out, 'icon-maskable-512.png'),
  icon(512, { safeZone: true, rounded: false }),
);
writeFileSync(
  path.join(out, 'apple-touch-icon.png'),
  icon(180, { safeZone: false, rounded: false }),
);
console.log(`icons written to ${out}`);
