// Regenerates every raster image of the site: node tools/art/render.mjs [name ...] [--ss=2] [--preview]
// Writes WebP files into apps/web/public/images and PNG copies into /tmp/art-out for inspection,
// stepping the WebP quality down until each file fits its size budget.
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { writeBrand } from './brand.mjs';
import { develop, downsample, drawFlag, drawGrass, renderLinear } from './lib/compose.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.resolve(here, '../../apps/web/public');
const previewDir = '/tmp/art-out';
const KB = 1024;

const TARGETS = [
  {
    name: 'hero',
    scene: 'hero',
    exportName: 'hero',
    width: 2400,
    height: 1200,
    outputs: [
      { file: 'images/hero.webp', width: 2400, height: 1200, maxBytes: 300 * KB },
      // Laptop and desktop screens: a 1280-1600 px wide viewport at 1x would otherwise fetch the 2400 px file.
      { file: 'images/hero-1600.webp', width: 1600, height: 800, maxBytes: 150 * KB },
    ],
  },
  {
    name: 'hero-640',
    scene: 'hero',
    exportName: 'heroPhone',
    width: 960,
    height: 640,
    outputs: [{ file: 'images/hero-640.webp', width: 960, height: 640, maxBytes: 70 * KB }],
  },
  ...['championship', 'burnside', 'buddon'].map((scene) => {
    const slug = scene === 'buddon' ? 'buddon-links-course' : `${scene}-course`;
    return {
      name: scene,
      scene,
      exportName: scene,
      width: 1600,
      height: 1000,
      outputs: [
        { file: `images/courses/${slug}.webp`, width: 1600, height: 1000, maxBytes: 220 * KB },
        // Phones: a 360-430 px wide screen at 2-3x would otherwise fetch the 1600 px file for a full-width picture.
        { file: `images/courses/${slug}-960.webp`, width: 960, height: 600, maxBytes: 90 * KB },
        { file: `images/courses/${slug}-640.webp`, width: 640, height: 400, maxBytes: 60 * KB },
      ],
    };
  }),
];

async function encode(rgb, w, h, out) {
  let input = sharp(rgb, { raw: { width: w, height: h, channels: 3 } });
  if (out.width !== w || out.height !== h) {
    input = sharp(await input.resize(out.width, out.height, { kernel: 'lanczos3' }).png().toBuffer());
  }
  const dest = path.join(publicDir, out.file);
  await mkdir(path.dirname(dest), { recursive: true });
  // Quality ~78 is the target; step down only when a file would blow its budget.
  for (let q = 78; q >= 50; q -= 4) {
    const buf = await input.clone().webp({ quality: q, effort: 6, smartSubsample: true }).toBuffer();
    if (buf.length <= out.maxBytes || q <= 50) {
      await sharp(buf).toFile(dest);
      await input
        .clone()
        .png()
        .toFile(path.join(previewDir, `${path.basename(out.file, '.webp')}.png`));
      return { file: out.file, bytes: (await stat(dest)).size, quality: q };
    }
  }
  throw new Error(`unreachable: ${out.file}`);
}

async function renderTarget(t, ss, scale) {
  const modulePath = path.join(here, 'scenes', `${t.scene}.mjs`);
  const scene = (await import(modulePath))[t.exportName];
  const w = Math.round(t.width * scale);
  const h = Math.round(t.height * scale);
  const W = w * ss;
  const H = h * ss;
  const t0 = Date.now();
  const img = await renderLinear(modulePath, t.exportName, W, H);
  drawGrass(scene, img, W, H, ss);
  drawFlag(scene, img, W, H);
  const rgb = develop(downsample(img, W, H, ss), w, h, scene.grade);
  const results = [];
  for (const out of t.outputs) {
    results.push(
      await encode(
        rgb,
        w,
        h,
        scale === 1
          ? out
          : { ...out, width: Math.round(out.width * scale), height: Math.round(out.height * scale) },
      ),
    );
  }
  console.info(`${t.name}: ${W}x${H} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  for (const r of results) console.info(`  ${r.file} ${(r.bytes / KB).toFixed(1)} KB (q${r.quality})`);
}

const args = process.argv.slice(2);
const ss = Number(args.find((a) => a.startsWith('--ss='))?.slice(5) ?? 1);
const names = args.filter((a) => !a.startsWith('--'));
await mkdir(previewDir, { recursive: true });
if (names.length === 0 || names.includes('brand')) {
  const { width } = await writeBrand(publicDir);
  console.info(
    `brand: logo.svg ${width}x64, logo-light.svg, logo-mark.svg, favicon.svg, apple-touch-icon.png, pattern-dunes.svg`,
  );
}
for (const t of TARGETS) {
  if (names.length === 0 || names.includes(t.name)) await renderTarget(t, ss, 1);
}
