// Quick look at one scene at reduced size: node tools/art/preview.mjs hero hero 0.5

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { develop, downsample, drawFlag, drawGrass, renderLinear } from './lib/compose.mjs';

const [file, exportName, scaleArg, wArg, hArg, ssArg] = process.argv.slice(2);
const here = path.dirname(fileURLToPath(import.meta.url));
const modulePath = path.join(here, 'scenes', `${file}.mjs`);
const scene = (await import(modulePath))[exportName];
const scale = Number(scaleArg ?? 0.5);
const ss = Number(ssArg ?? 1);
const W = Math.round(Number(wArg ?? 1600) * scale) * ss;
const H = Math.round(Number(hArg ?? 1000) * scale) * ss;
const t0 = Date.now();
const img = await renderLinear(modulePath, exportName, W, H);
drawGrass(scene, img, W, H, ss);
drawFlag(scene, img, W, H);
const lin = downsample(img, W, H, ss);
const out = develop(lin, W / ss, H / ss, scene.grade);
await sharp(out, { raw: { width: W / ss, height: H / ss, channels: 3 } })
  .png()
  .toFile(`/tmp/art-${file}-${exportName}.png`);
console.info(`rendered ${W}x${H} in ${Date.now() - t0} ms`);
