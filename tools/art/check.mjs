// Verifies the committed artwork against the contract other parts code to: exact paths, pixel sizes
// and byte budgets. Exits non-zero on any mismatch: node tools/art/check.mjs
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/public');
const KB = 1024;
const rasters = [
  ['images/hero.webp', 2400, 1200, 300 * KB, 'webp'],
  ['images/hero-1600.webp', 1600, 800, 150 * KB, 'webp'],
  ['images/hero-640.webp', 960, 640, 70 * KB, 'webp'],
  // Each course picture in three widths: [file suffix, width, height, budget in KB].
  ...[
    ['', 1600, 1000, 220],
    ['-960', 960, 600, 90],
    ['-640', 640, 400, 60],
  ].flatMap(([suffix, w, h, kb]) =>
    ['championship', 'burnside', 'buddon-links'].map((course) => [
      `images/courses/${course}-course${suffix}.webp`,
      w,
      h,
      kb * KB,
      'webp',
    ]),
  ),
  ['apple-touch-icon.png', 180, 180, 20 * KB, 'png'],
];
const vectors = [
  'images/logo.svg',
  'images/logo-light.svg',
  'images/logo-mark.svg',
  'favicon.svg',
  'images/pattern-dunes.svg',
];

const failures = [];
for (const [file, w, h, max, format] of rasters) {
  const full = path.join(publicDir, file);
  const meta = await sharp(full).metadata();
  const { size } = await stat(full);
  const ok = meta.width === w && meta.height === h && meta.format === format && size <= max;
  console.info(
    `${ok ? 'ok  ' : 'FAIL'} ${file} ${meta.width}x${meta.height} ${meta.format} ${(size / KB).toFixed(1)} KB`,
  );
  if (!ok) failures.push(file);
}
for (const file of vectors) {
  const full = path.join(publicDir, file);
  const text = await readFile(full, 'utf8');
  // Must be self-contained: no external references, fonts or scripts (an <img> SVG could not load them).
  const ok = text.startsWith('<svg') && !/<script|<image|href="http|@import|font-family/i.test(text);
  await sharp(Buffer.from(text)).png().toBuffer();
  console.info(`${ok ? 'ok  ' : 'FAIL'} ${file} ${(text.length / KB).toFixed(1)} KB`);
  if (!ok) failures.push(file);
}
if (failures.length) {
  console.error(`artwork check failed: ${failures.join(', ')}`);
  process.exit(1);
}
