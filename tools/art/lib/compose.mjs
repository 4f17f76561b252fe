// Renders a scene in parallel column chunks, draws overlays (flagstick), then develops the linear
// image like a raw file: downsample, bloom, filmic tone curve, grade, vignette and grain.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { clamp, mulberry32, srgbToLinear } from './noise.mjs';
import { createRenderer } from './renderer.mjs';

export async function renderLinear(modulePath, exportName, width, height) {
  const threads = Math.max(1, Math.min(os.cpus().length, 8));
  const rgb = new Float32Array(width * height * 3);
  const depth = new Float32Array(width * height);
  const chunk = Math.max(8, Math.ceil(width / (threads * 12)));
  const jobs = [];
  for (let c = 0; c < width; c += chunk) jobs.push({ c0: c, c1: Math.min(width, c + chunk) });
  const url = new URL('./worker.mjs', import.meta.url);
  await Promise.all(
    Array.from({ length: threads }, () => {
      return new Promise((resolve, reject) => {
        const w = new Worker(url, { workerData: { modulePath, exportName, width, height } });
        const next = () => {
          const job = jobs.shift();
          if (job) w.postMessage(job);
          else w.terminate().then(resolve);
        };
        w.on('message', (msg) => {
          if (msg.ready) return next();
          const cw = msg.c1 - msg.c0;
          for (let y = 0; y < height; y++) {
            for (let x = 0; x < cw; x++) {
              const si = y * cw + x;
              const di = y * width + msg.c0 + x;
              rgb[di * 3] = msg.rgb[si * 3];
              rgb[di * 3 + 1] = msg.rgb[si * 3 + 1];
              rgb[di * 3 + 2] = msg.rgb[si * 3 + 2];
              depth[di] = msg.depth[si];
            }
          }
          next();
        });
        w.on('error', reject);
      });
    }),
  );
  return { rgb, depth };
}

function pointInPoly(px, py, poly) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const xi = poly[i][0];
    const yi = poly[i][1];
    const xj = poly[j][0];
    const yj = poly[j][1];
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

// Flagstick and flag, depth-tested against the terrain and anti-aliased by coverage.
export function drawFlag(scene, img, width, height) {
  const r = createRenderer(scene, width, height);
  for (const flag of [scene.flag, ...(scene.extraFlags ?? [])]) {
    if (flag) drawOneFlag(r, flag, img, width, height);
  }
}

function drawOneFlag(r, flag, img, width, height) {
  const groundY = r.world.height(flag.x, flag.z, 0.01);
  const poleH = flag.height ?? 2.2;
  const base = r.project(flag.x, groundY, flag.z);
  const top = r.project(flag.x, groundY + poleH, flag.z);
  const dist = base.dist;
  const poleW = Math.max(((flag.poleWidth ?? 0.03) * r.f) / dist, 0.35);
  const poleAlb = srgbToLinear('#e9e6dc');
  const sideLit = Math.max(0.15, Math.abs(r.L[0]));
  const shadowed = r.softShadow(flag.x, groundY + 1.2, flag.z) < 0.5;
  const poleCol = r
    .lightPoint(poleAlb, Math.sign(r.L[0]) * 0.9, 0.1, -0.4, shadowed)
    .map((c) => c * (0.6 + sideLit * 0.5));
  r.aerial(poleCol, dist, 0, 0, 1);
  const occluded = (x, y) => img.depth[y * width + x] < dist - 1.5;
  const blend = (x, y, col, a) => {
    if (x < 0 || y < 0 || x >= width || y >= height || a <= 0) return;
    if (occluded(x, y)) return;
    const i = (y * width + x) * 3;
    img.rgb[i] += (col[0] - img.rgb[i]) * a;
    img.rgb[i + 1] += (col[1] - img.rgb[i + 1]) * a;
    img.rgb[i + 2] += (col[2] - img.rgb[i + 2]) * a;
  };
  const y0 = Math.floor(top.sy);
  const y1 = Math.ceil(base.sy);
  for (let y = y0; y <= y1; y++) {
    const vy = clamp(Math.min(y + 1, base.sy) - Math.max(y, top.sy), 0, 1);
    const t = (y + 0.5 - top.sy) / (base.sy - top.sy);
    const sx = top.sx + (base.sx - top.sx) * t;
    const l = sx - poleW / 2;
    const rr = sx + poleW / 2;
    // Alternating bands near the top of real flagsticks are skipped: at this size they would alias.
    for (let x = Math.floor(l); x <= Math.ceil(rr); x++) {
      const cov = clamp(Math.min(x + 1, rr) - Math.max(x, l), 0, 1) * vy;
      blend(x, y, poleCol, cov);
    }
  }
  // Flag cloth streaming downwind with a travelling ripple.
  const wind = flag.wind ?? [1, -0.35];
  const wl = Math.hypot(wind[0], wind[1]);
  const wx = wind[0] / wl;
  const wz = wind[1] / wl;
  const fw = flag.w ?? 0.5;
  const fh = flag.h ?? 0.36;
  const topY = groundY + poleH - 0.02;
  const pt = (u, v) => {
    const ripple = Math.sin(u * 8.5 - 1.2) * 0.06 * u;
    const x = flag.x + wx * fw * u - wz * ripple;
    const z = flag.z + wz * fw * u + wx * ripple;
    const y = topY - v * fh - u * u * 0.05;
    const p = r.project(x, y, z);
    return [p.sx, p.sy];
  };
  const poly = [];
  const steps = 24;
  for (let i = 0; i <= steps; i++) poly.push(pt(i / steps, 0));
  for (let i = steps; i >= 0; i--) poly.push(pt(i / steps, 1));
  const xs = poly.map((p) => p[0]);
  const ys = poly.map((p) => p[1]);
  const flagAlb = srgbToLinear(flag.color ?? '#e8c23a');
  const SS = 4;
  for (let y = Math.floor(Math.min(...ys)); y <= Math.ceil(Math.max(...ys)); y++) {
    for (let x = Math.floor(Math.min(...xs)); x <= Math.ceil(Math.max(...xs)); x++) {
      let cov = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          if (pointInPoly(x + (sx + 0.5) / SS, y + (sy + 0.5) / SS, poly)) cov++;
        }
      }
      if (!cov) continue;
      const u = clamp((x - poly[0][0]) / (poly[steps][0] - poly[0][0] || 1), 0, 1);
      const fold = 0.75 + 0.35 * Math.cos(u * 8.5 - 1.2);
      const col = r.lightPoint(flagAlb, -wz * 0.8, 0.1, wx * 0.2 - 0.6, shadowed).map((c) => c * fold * 1.15);
      r.aerial(col, dist, 0, 0, 1);
      blend(x, y, col, cov / (SS * SS));
    }
  }
}

export function downsample(img, width, height, ss) {
  if (ss === 1) return img.rgb;
  const w = width / ss;
  const h = height / ss;
  const out = new Float32Array(w * h * 3);
  const k = 1 / (ss * ss);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let j = 0; j < ss; j++) {
        for (let i = 0; i < ss; i++) {
          const s = ((y * ss + j) * width + x * ss + i) * 3;
          r += img.rgb[s];
          g += img.rgb[s + 1];
          b += img.rgb[s + 2];
        }
      }
      const d = (y * w + x) * 3;
      out[d] = r * k;
      out[d + 1] = g * k;
      out[d + 2] = b * k;
    }
  }
  return out;
}

function boxBlur(src, w, h, r) {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  const n = 2 * r + 1;
  for (let y = 0; y < h; y++) {
    for (let c = 0; c < 3; c++) {
      let acc = 0;
      for (let x = -r; x <= r; x++) acc += src[(y * w + clamp(x, 0, w - 1)) * 3 + c];
      for (let x = 0; x < w; x++) {
        tmp[(y * w + x) * 3 + c] = acc / n;
        acc += src[(y * w + Math.min(w - 1, x + r + 1)) * 3 + c] - src[(y * w + Math.max(0, x - r)) * 3 + c];
      }
    }
  }
  for (let x = 0; x < w; x++) {
    for (let c = 0; c < 3; c++) {
      let acc = 0;
      for (let y = -r; y <= r; y++) acc += tmp[(clamp(y, 0, h - 1) * w + x) * 3 + c];
      for (let y = 0; y < h; y++) {
        out[(y * w + x) * 3 + c] = acc / n;
        acc += tmp[(Math.min(h - 1, y + r + 1) * w + x) * 3 + c] - tmp[(Math.max(0, y - r) * w + x) * 3 + c];
      }
    }
  }
  return out;
}

const aces = (x) => clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0, 1);
const toSrgb = (v) => (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055);

// Develops linear light into 8-bit sRGB with a photographic look.
export function develop(lin, w, h, grade = {}) {
  const exposure = grade.exposure ?? 1;
  const bloomK = grade.bloom ?? 0.08;
  let glow = null;
  if (bloomK > 0) {
    const bright = new Float32Array(lin.length);
    for (let i = 0; i < lin.length; i++) bright[i] = Math.max(0, lin[i] * exposure - 0.9);
    const r = Math.max(2, Math.round(w / 120));
    glow = boxBlur(boxBlur(boxBlur(bright, w, h, r), w, h, r), w, h, r);
  }
  const out = Buffer.alloc(w * h * 3);
  const rand = mulberry32(grade.seed ?? 99);
  const sat = grade.saturation ?? 1;
  const warm = grade.warmth ?? 0;
  const lift = grade.lift ?? [0, 0, 0];
  const vig = grade.vignette ?? 0.3;
  const grain = grade.grain ?? 0.025;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      let r = lin[i] * exposure;
      let g = lin[i + 1] * exposure;
      let b = lin[i + 2] * exposure;
      if (glow) {
        r += glow[i] * bloomK;
        g += glow[i + 1] * bloomK;
        b += glow[i + 2] * bloomK;
      }
      const nx = (x / w - 0.5) * 2;
      const ny = (y / h - 0.5) * 2;
      const v = 1 - vig * ((nx * nx * 0.6 + ny * ny * 0.8) / 1.4) ** 1.3;
      r *= v;
      g *= v;
      b *= v;
      r = aces(r);
      g = aces(g);
      b = aces(b);
      const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      r = l + (r - l) * sat;
      g = l + (g - l) * sat;
      b = l + (b - l) * sat;
      // Split tone: warm highlights, slightly cool lifted shadows, like a graded landscape photo.
      const hiW = l * warm;
      r = r + hiW * 0.06 + lift[0] * (1 - l);
      g = g + hiW * 0.02 + lift[1] * (1 - l);
      b = b - hiW * 0.05 + lift[2] * (1 - l);
      // Luminance-weighted grain (strongest in mid-tones), Gaussian-ish from summed uniforms.
      const gn = (rand() + rand() + rand() - 1.5) * grain * (0.4 + 2.4 * l * (1 - l));
      out[i] = Math.round(clamp(toSrgb(clamp(r, 0, 1)) + gn, 0, 1) * 255);
      out[i + 1] = Math.round(clamp(toSrgb(clamp(g, 0, 1)) + gn, 0, 1) * 255);
      out[i + 2] = Math.round(clamp(toSrgb(clamp(b, 0, 1)) + gn, 0, 1) * 255);
    }
  }
  return out;
}

// Foreground fescue: individual blades planted on rough ground near the camera and drawn over the
// rendered terrain. Each blade takes its colour from the already-lit ground under it, so it inherits
// shadows and aerial perspective, and brightens towards the tip where seed heads catch the light.
export function drawGrass(scene, img, width, height, _ss) {
  const g = scene.grass;
  if (!g) return;
  const r = createRenderer(scene, width, height);
  const rand = mulberry32(g.seed ?? 5);
  const near = g.near ?? 2;
  const far = g.far ?? 40;
  const tanHalf = Math.tan(((scene.camera.hfov ?? 60) * Math.PI) / 360) * 1.1;
  const camX = scene.camera.x ?? 0;
  const camZ = scene.camera.z ?? 0;
  const blades = [];
  // Stratified in depth so the count per metre follows the visible width of the ground.
  const rowStep = 0.25;
  for (let dz = near; dz < far; dz += rowStep) {
    const halfW = dz * tanHalf;
    const fade = 1 - Math.max(0, (dz - far * 0.7) / (far * 0.3));
    const count = Math.round(halfW * 2 * rowStep * (g.density ?? 250) * fade);
    for (let i = 0; i < count; i++) {
      const x = camX + (rand() * 2 - 1) * halfW;
      const z = camZ + dz + rand() * rowStep;
      blades.push([x, z, rand(), rand(), rand(), rand()]);
    }
  }
  blades.sort((a, b) => b[1] - a[1]);
  const wind = g.wind ?? [0.35, 0.05];
  let drawn = 0;
  for (const [x, z, r1, r2, r3, r4] of blades) {
    const y = r.height(x, z, 0.02);
    const b0 = r.project(x, y, z);
    const bx = Math.round(b0.sx);
    const by = Math.round(b0.sy);
    if (bx < 0 || bx >= width || by < 0 || by >= height) continue;
    const pd = img.depth[by * width + bx];
    // Skip blades hidden behind nearer ground, and blades not standing on rough.
    if (pd < b0.dist * 0.97 - 0.3) continue;
    const s = r.world.surface(x, z, y, 0.01, 0, 1, 0);
    if (s.kind !== 'rough') continue;
    const hgt = (g.height ?? 0.45) * (0.45 + r1 * 0.8);
    const lx = (wind[0] + (r2 - 0.5) * 0.5) * hgt;
    const lz = (wind[1] + (r3 - 0.5) * 0.5) * hgt;
    const mid = r.project(x + lx * 0.25, y + hgt * 0.6, z + lz * 0.25);
    const tip = r.project(x + lx, y + hgt * (0.85 - 0.25 * Math.abs(r2 - 0.5)), z + lz);
    const wpx = ((g.width ?? 0.005) * r.f) / b0.dist;
    const bi = (by * width + bx) * 3;
    const base = [img.rgb[bi], img.rgb[bi + 1], img.rgb[bi + 2]];
    const lum = 0.2126 * base[0] + 0.7152 * base[1] + 0.0722 * base[2];
    const varK = 0.55 + r4 * 0.9;
    const tipK = 1 + (g.tipGlow ?? 0.8) * Math.min(1, lum * 3);
    const len = Math.hypot(tip.sx - b0.sx, tip.sy - b0.sy) + Math.hypot(mid.sx - b0.sx, mid.sy - b0.sy);
    const steps = Math.max(2, Math.ceil(len * 2));
    for (let k = 0; k <= steps; k++) {
      const t = k / steps;
      const u = 1 - t;
      const px = u * u * b0.sx + 2 * u * t * mid.sx + t * t * tip.sx;
      const py = u * u * b0.sy + 2 * u * t * mid.sy + t * t * tip.sy;
      const w = Math.max(0.25, wpx * (1 - t * 0.85));
      const alpha = Math.min(1, w) * 0.55 * (t < 0.08 ? t / 0.08 : 1);
      const ck = varK * (1 + (tipK - 1) * t * t);
      const ix = Math.floor(px - 0.5);
      const fx = px - 0.5 - ix;
      const iy = Math.round(py);
      if (iy < 0 || iy >= height) continue;
      const half = Math.max(0, Math.floor((w - 1) / 2));
      for (let ox = -half; ox <= half + 1; ox++) {
        const xx = ix + ox;
        if (xx < 0 || xx >= width) continue;
        let wt = 1;
        if (ox === -half) wt = 1 - fx;
        else if (ox === half + 1) wt = fx;
        const a = alpha * wt;
        const o = (iy * width + xx) * 3;
        if (img.depth[iy * width + xx] < b0.dist - 0.5) continue;
        img.rgb[o] += (base[0] * ck - img.rgb[o]) * a;
        img.rgb[o + 1] += (base[1] * ck - img.rgb[o + 1]) * a;
        img.rgb[o + 2] += (base[2] * ck * 0.92 - img.rgb[o + 2]) * a;
      }
    }
    drawn++;
  }
  return drawn;
}
