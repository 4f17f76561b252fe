// Seeded 2D gradient noise and fractal sums. Everything is deterministic from the seed so that
// regenerating the artwork reproduces the committed files bit for bit (modulo encoder versions).

export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function makeNoise(seed) {
  const rand = mulberry32(seed);
  const perm = new Uint16Array(512);
  const p = new Uint16Array(256);
  for (let i = 0; i < 256; i++) p[i] = i;
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = p[i];
    p[i] = p[j];
    p[j] = t;
  }
  for (let i = 0; i < 512; i++) perm[i] = p[i & 255];
  const gx = new Float64Array(256);
  const gy = new Float64Array(256);
  for (let i = 0; i < 256; i++) {
    const a = rand() * Math.PI * 2;
    gx[i] = Math.cos(a);
    gy[i] = Math.sin(a);
  }

  // Perlin gradient noise, roughly in [-0.7, 0.7].
  function noise(x, y) {
    const fx = Math.floor(x);
    const fy = Math.floor(y);
    const xf = x - fx;
    const yf = y - fy;
    const xi = fx & 255;
    const yi = fy & 255;
    const u = xf * xf * xf * (xf * (xf * 6 - 15) + 10);
    const v = yf * yf * yf * (yf * (yf * 6 - 15) + 10);
    const aa = perm[perm[xi] + yi];
    const ab = perm[perm[xi] + yi + 1];
    const ba = perm[perm[xi + 1] + yi];
    const bb = perm[perm[xi + 1] + yi + 1];
    const n00 = gx[aa] * xf + gy[aa] * yf;
    const n10 = gx[ba] * (xf - 1) + gy[ba] * yf;
    const n01 = gx[ab] * xf + gy[ab] * (yf - 1);
    const n11 = gx[bb] * (xf - 1) + gy[bb] * (yf - 1);
    const x1 = n00 + u * (n10 - n00);
    const x2 = n01 + u * (n11 - n01);
    return x1 + v * (x2 - x1);
  }

  // Fractal sum that drops octaves finer than the pixel footprint (in the same units as x/y),
  // which is what keeps distant grass from shimmering into aliasing noise.
  function fbm(x, y, octaves, footprint = 0, gain = 0.5) {
    let sum = 0;
    let amp = 1;
    let freq = 1;
    let norm = 0;
    for (let i = 0; i < octaves; i++) {
      const wave = 1 / freq;
      let w = 1;
      if (footprint > 0) {
        const r = wave / (footprint * 2);
        if (r < 0.5) break;
        if (r < 1) w = (r - 0.5) * 2;
      }
      sum += w * amp * noise(x * freq + i * 17.31, y * freq - i * 9.73);
      norm += amp;
      amp *= gain;
      freq *= 2.03;
    }
    // Scaled so the result has a standard deviation of about 0.28 (range roughly -1..1).
    return norm > 0 ? (sum / norm) * 2.2 : 0;
  }

  function ridged(x, y, octaves, footprint = 0) {
    let sum = 0;
    let amp = 1;
    let freq = 1;
    let norm = 0;
    for (let i = 0; i < octaves; i++) {
      const wave = 1 / freq;
      if (footprint > 0 && wave < footprint * 2) break;
      const n = 1 - Math.abs(noise(x * freq + i * 31.7, y * freq + i * 11.3) * 1.4);
      sum += amp * n * n;
      norm += amp;
      amp *= 0.5;
      freq *= 2.07;
    }
    return norm > 0 ? sum / norm : 0;
  }

  return { noise, fbm, ridged };
}

export const clamp = (v, a, b) => (v < a ? a : Math.min(v, b));
export const mix = (a, b, t) => a + (b - a) * t;
export function smoothstep(e0, e1, x) {
  const t = clamp((x - e0) / (e1 - e0), 0, 1);
  return t * t * (3 - 2 * t);
}

// Hash of integer lattice coordinates to [0, 1), for per-cell randomness (tufts, flowers, stones).
export function hash2(ix, iy, seed = 0) {
  let h = Math.imul(ix | 0, 374761393) + Math.imul(iy | 0, 668265263) + Math.imul(seed | 0, 2147483647);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

export function srgbToLinear(hex) {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return c;
}
