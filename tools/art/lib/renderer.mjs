// Height-field ray caster for the links scenes. Each screen column is marched front to back; because a
// height field has no overhangs, the hit distance only grows as we walk up the column, so every pixel
// resumes where the one below it stopped. Shading is physically flavoured (linear light, sun + sky,
// soft shadows, Fresnel water, aerial perspective) so the tone mapper can make it read like a photo.
import { createLinksWorld } from './links-world.mjs';
import { clamp, makeNoise, mix, smoothstep, srgbToLinear } from './noise.mjs';

const EARTH_R = 6371000;
const RELIEF_KINDS = new Set(['rough', 'sand', 'fairway', 'green', 'gorse', 'heather', 'tree']);
const VEGETATION = new Set(['rough', 'gorse', 'heather', 'tree']);

function norm3(v) {
  const l = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / l, v[1] / l, v[2] / l];
}

export function createRenderer(scene, width, height) {
  const world = createLinksWorld(scene.world);
  const cloudNoise = makeNoise((scene.world.seed ?? 7) + 555);
  const cam = scene.camera;
  const f = width / 2 / Math.tan(((cam.hfov ?? 60) * Math.PI) / 360);
  const cx = width / 2 + (cam.shiftX ?? 0) * width;
  const cy = height * (cam.horizon ?? 0.45);
  const camX = cam.x ?? 0;
  const camZ = cam.z ?? 0;
  // Camera height is given above the local ground so scenes can be re-seeded without burying it.
  const camH = world.height(camX, camZ, 0.5) + cam.h;

  const sunAz = (scene.sun.azimuth * Math.PI) / 180;
  const sunEl = (scene.sun.elevation * Math.PI) / 180;
  const L = [Math.sin(sunAz) * Math.cos(sunEl), Math.sin(sunEl), Math.cos(sunAz) * Math.cos(sunEl)];
  const sunCol = srgbToLinear(scene.sun.color).map((c) => c * scene.sun.intensity);
  const skyZen = srgbToLinear(scene.sky.zenith);
  const skyHor = srgbToLinear(scene.sky.horizon);
  const skyMid = scene.sky.mid ? srgbToLinear(scene.sky.mid) : null;
  const skyGlow = srgbToLinear(scene.sky.glow ?? scene.sun.color);
  const hazeCol = srgbToLinear(scene.sky.haze ?? scene.sky.horizon);
  const ambient = srgbToLinear(scene.sky.ambient ?? scene.sky.zenith).map(
    (c) => c * (scene.sky.ambientK ?? 1),
  );
  const seaDeep = srgbToLinear(scene.sea?.deep ?? '#23404a');
  const burnDeep = srgbToLinear('#2a2a1c');
  const cloud = scene.clouds;
  const cloudLit = srgbToLinear(cloud.lit);
  const cloudShade = srgbToLinear(cloud.shade);
  const fogDensity = scene.sky.fog ?? 1 / 5000;
  const sunGlowK = scene.sky.glowK ?? 0.6;
  const sunHoriz = norm3([L[0], 0, L[2]]);

  function cloudAt(dx, dy, dz) {
    if (dy <= 0.002) return null;
    const t = cloud.altitude / dy;
    const px = dx * t;
    const pz = dz * t;
    const fp = t / f / cloud.scale;
    const sx = cloud.stretchX ?? 1;
    const sz = cloud.stretchZ ?? 1;
    const u = px / (cloud.scale * sx) + (cloud.offsetX ?? 0);
    const w = pz / (cloud.scale * sz) + (cloud.offsetZ ?? 0);
    // Broad cloud masses from low octaves, edges broken up by finer billows.
    const cloudN = (cu, cw) =>
      cloudNoise.fbm(cu, cw, 3, fp * 0.5, 0.5) +
      (cloud.billow ?? 0.4) * cloudNoise.fbm(cu * 3.3 + 7, cw * 3.3, 5, fp * 1.6, 0.55);
    const n = cloudN(u, w);
    const cov = cloud.coverage;
    const dens = smoothstep(cov, cov + (cloud.softness ?? 0.28), n + 0.5);
    if (dens <= 0.001) return { a: 0 };
    // Denser towards the sun means the near side is in its own shadow; the sun side gets a bright rim.
    const off = 0.08;
    const n2 = cloudN(u + sunHoriz[0] * off, w + sunHoriz[2] * off);
    const shadow = clamp((n2 - n) * 6 + 0.5, 0, 1);
    const light = clamp(1 - shadow * (cloud.selfShadow ?? 0.55) - dens * 0.2, 0, 1);
    return { a: dens, light, dist: t };
  }

  function sky(dx, dy, dz, withSun = true, withClouds = true) {
    const up = clamp(dy, 0, 1);
    const gt = up ** (scene.sky.curve ?? 0.5);
    let c;
    if (skyMid) {
      // Three stops: warm or pale band at the horizon, clean blue a little above it, deep blue overhead.
      // A straight two-stop blend in linear light turns a blue sky lilac-grey.
      const mAt = scene.sky.midAt ?? 0.1;
      if (up < mAt) {
        const t = (up / mAt) ** 0.8;
        c = [mix(skyHor[0], skyMid[0], t), mix(skyHor[1], skyMid[1], t), mix(skyHor[2], skyMid[2], t)];
      } else {
        const t = ((up - mAt) / (1 - mAt)) ** (scene.sky.curve ?? 0.5);
        c = [mix(skyMid[0], skyZen[0], t), mix(skyMid[1], skyZen[1], t), mix(skyMid[2], skyZen[2], t)];
      }
    } else {
      c = [mix(skyHor[0], skyZen[0], gt), mix(skyHor[1], skyZen[1], gt), mix(skyHor[2], skyZen[2], gt)];
    }
    const mu = dx * L[0] + dy * L[1] + dz * L[2];
    const m = Math.max(mu, 0);
    const glow = sunGlowK * (0.22 * m ** 6 * (1 - up) ** 3 + 0.5 * m ** 24 + 1.2 * m ** 300) * (1 - 0.6 * up);
    c[0] += skyGlow[0] * glow;
    c[1] += skyGlow[1] * glow;
    c[2] += skyGlow[2] * glow;
    // Pale band of horizon haze.
    const hb = Math.exp(-Math.max(dy, 0) * (scene.sky.hazeBand ?? 18));
    c[0] = mix(c[0], hazeCol[0], hb * 0.7);
    c[1] = mix(c[1], hazeCol[1], hb * 0.7);
    c[2] = mix(c[2], hazeCol[2], hb * 0.7);
    const cl = withClouds ? cloudAt(dx, dy, dz) : null;
    if (cl && cl.a > 0) {
      const silver = 1 + 2.5 * m ** 12 * (1 - cl.a);
      const lit = cl.light * silver;
      let cr = mix(cloudShade[0], cloudLit[0], lit);
      let cg = mix(cloudShade[1], cloudLit[1], lit);
      let cb = mix(cloudShade[2], cloudLit[2], lit);
      // Distant clouds dissolve into the horizon haze.
      const far = 1 - Math.exp(-cl.dist / (cloud.fade ?? 30000));
      cr = mix(cr, c[0], far);
      cg = mix(cg, c[1], far);
      cb = mix(cb, c[2], far);
      const a = cl.a * (cloud.opacity ?? 0.9);
      c[0] = mix(c[0], cr, a);
      c[1] = mix(c[1], cg, a);
      c[2] = mix(c[2], cb, a);
    }
    if (withSun && mu > 0.99997 && scene.sun.visible) {
      c[0] += sunCol[0] * 6;
      c[1] += sunCol[1] * 6;
      c[2] += sunCol[2] * 6;
    }
    return c;
  }

  const curv = (x, z) => ((x - camX) ** 2 + (z - camZ) ** 2) / (2 * EARTH_R);
  const H = (x, z, fp) => world.height(x, z, fp) - curv(x, z);

  function softShadow(x, y, z) {
    let res = 1;
    let t = 0.25;
    for (let i = 0; i < 24 && t < 600; i++) {
      const px = x + L[0] * t;
      const pz = z + L[2] * t;
      const py = y + L[1] * t;
      const h = t < 6 ? H(px, pz, Math.max(0.3, t * 0.02)) : world.coarseHeight(px, pz) - curv(px, pz);
      const d = py - h;
      if (d < 0) return 0;
      res = Math.min(res, (4 * d) / t);
      t *= 1.33;
      t += 0.2;
    }
    return clamp(res, 0, 1);
  }

  function aerial(col, dist, dx, dy, dz) {
    const fog = 1 - Math.exp(-dist * fogDensity);
    const mu = Math.max(dx * L[0] + dy * L[1] + dz * L[2], 0);
    const ins = sunGlowK * 0.5 * mu ** 6;
    const hr = hazeCol[0] + skyGlow[0] * ins;
    const hg = hazeCol[1] + skyGlow[1] * ins;
    const hb = hazeCol[2] + skyGlow[2] * ins;
    col[0] = mix(col[0], hr, fog);
    col[1] = mix(col[1], hg, fog);
    col[2] = mix(col[2], hb, fog);
    return col;
  }

  function normalAt(x, z, fp) {
    const e = Math.max(0.04, fp * 1.2);
    const hx = H(x + e, z, fp) - H(x - e, z, fp);
    const hz = H(x, z + e, fp) - H(x, z - e, fp);
    return norm3([-hx, 2 * e, -hz]);
  }

  // Local lighting of an opaque surface point; used for primary hits and reflections.
  function lightSurface(x, y, z, dx, dy, dz, fp, withShadow) {
    let n = normalAt(x, z, fp);
    const s = world.surface(x, z, y, fp, n[0], n[1], n[2]);
    if (s.water) return { s, n, col: null };
    const relief = RELIEF_KINDS.has(s.kind);
    if (relief) {
      const e = Math.max(0.03, fp);
      const k = s.kind === 'gorse' || s.kind === 'heather' ? 'rough' : s.kind;
      const mx = world.microRelief(x + e, z, fp, k) - world.microRelief(x - e, z, fp, k);
      const mz = world.microRelief(x, z + e, fp, k) - world.microRelief(x, z - e, fp, k);
      n = norm3([n[0] - mx / (2 * e), n[1], n[2] - mz / (2 * e)]);
    }
    const ndl = n[0] * L[0] + n[1] * L[1] + n[2] * L[2];
    let sh = ndl > 0 && withShadow ? softShadow(x, y + 0.05, z) : ndl > 0 ? 1 : 0;
    // Grass blades catch low light even on faces slightly turned away: wrap lighting for vegetation.
    const wrap = VEGETATION.has(s.kind) ? 0.3 : 0.08;
    const diff = Math.max(0, (ndl + wrap) / (1 + wrap));
    if (ndl <= 0) sh = softShadow(x, y + 0.05, z) * 0.5;
    const skyAmt = 0.55 + 0.45 * n[1];
    const bounce = 0.12 * (1 - n[1]);
    const a = s.albedo;
    const col = [0, 0, 0];
    for (let i = 0; i < 3; i++) {
      col[i] = a[i] * (sunCol[i] * diff * sh + ambient[i] * skyAmt + sunCol[i] * bounce * 0.2);
    }
    if (s.sheen > 0) {
      // Mown turf glints when looking towards the sun at grazing angles.
      const mu = Math.max(0, dx * L[0] + dz * L[2]);
      const graze = (1 - Math.abs(dy)) ** 4;
      const k = s.sheen * 0.25 * mu ** 2 * graze * sh;
      for (let i = 0; i < 3; i++) col[i] += sunCol[i] * k * a[i] * 2;
    }
    return { s, n, col };
  }

  function marchRay(ox, oy, oz, dx, dy, dz, maxT) {
    let t = 0.3;
    let prev = 0;
    for (let i = 0; i < 400 && t < maxT; i++) {
      const x = ox + dx * t;
      const z = oz + dz * t;
      const y = oy + dy * t;
      const h = H(x, z, t * 0.004);
      if (y < h) {
        let lo = prev;
        let hi = t;
        for (let k = 0; k < 6; k++) {
          const mid = (lo + hi) / 2;
          if (oy + dy * mid < H(ox + dx * mid, oz + dz * mid, mid * 0.004)) hi = mid;
          else lo = mid;
        }
        return hi;
      }
      prev = t;
      t += Math.max(0.05, (y - h) * 0.4, t * 0.01);
    }
    return -1;
  }

  function shadeWater(x, y, z, dx, dy, dz, dist, fp0, kind) {
    const seaCfg = scene.sea ?? {};
    // At grazing angles a pixel covers far more sea in depth than across; filter for the long side.
    const fp = fp0 / Math.max(Math.abs(dy), 0.02) / 3;
    // Wave slopes from anisotropic noise (long swells parallel to the shore, short chop on top);
    // octaves smaller than the pixel are folded into a wider specular lobe.
    const big = kind === 'sea' ? 1 : 0.07;
    const e = 0.15;
    const wave = (px, pz) =>
      big *
      ((seaCfg.swell ?? 0.35) * cloudNoise.fbm(px / 9, pz / 2.2, 5, fp / 2.2) +
        0.06 * cloudNoise.fbm(px / 1.2 + 50, pz / 0.6, 3, fp / 0.6));
    const wx = (wave(x + e, z) - wave(x - e, z)) / (2 * e);
    const wz = (wave(x, z + e) - wave(x, z - e)) / (2 * e);
    const n = norm3([-wx, 1, -wz]);
    const dn = dx * n[0] + dy * n[1] + dz * n[2];
    let rx = dx - 2 * dn * n[0];
    let ry = dy - 2 * dn * n[1];
    const rz = dz - 2 * dn * n[2];
    // Sub-pixel wave facets tilt towards the viewer on average, so distant water mirrors sky well above
    // the horizon rather than the pale haze right at it.
    const minUp = (seaCfg.facet ?? 0.07) * (kind === 'sea' ? 1 : 0.3);
    if (ry < minUp) ry = minUp + (minUp - ry) * 0.3;
    const rl = Math.hypot(rx, ry, rz);
    rx /= rl;
    ry /= rl;
    const cosT = clamp(-dn, 0, 1);
    const fres = 0.02 + (seaCfg.fresnelMax ?? 0.75) * (1 - cosT) ** 5;
    let refl = null;
    // Nearby banks and dunes show up in the water; beyond ~400 m the sky dominates.
    if (dist < 700) {
      const tHit = marchRay(x, y + 0.02, z, rx, ry, rz / rl, 260);
      if (tHit > 0) {
        const hx = x + rx * tHit;
        const hz = z + (rz / rl) * tHit;
        const hy = y + ry * tHit;
        const ls = lightSurface(hx, hy, hz, rx, ry, rz / rl, Math.max(fp, tHit / f), false);
        if (ls.col) refl = aerial(ls.col, tHit + dist, rx, ry, rz / rl);
      }
    }
    if (!refl) {
      // Wind-roughened water blurs the cloud pattern away; reflect the clear-sky gradient, dimmed by the
      // average cloud cover.
      refl = sky(rx, ry, rz / rl, false, kind !== 'sea');
      if (kind === 'sea') {
        const cov = 1 - (cloud.coverage ?? 0.5);
        for (let i = 0; i < 3; i++) refl[i] = mix(refl[i], mix(cloudShade[i], cloudLit[i], 0.6), cov * 0.5);
      }
    }
    const body = kind === 'sea' ? seaDeep : burnDeep;
    const col = [0, 0, 0];
    for (let i = 0; i < 3; i++)
      col[i] = body[i] * (ambient[i] * 0.9 + sunCol[i] * 0.12) * (1 - fres) + refl[i] * fres;
    // Sun glitter: a rough Blinn lobe that widens with distance.
    const hxv = L[0] - dx;
    const hyv = L[1] - dy;
    const hzv = L[2] - dz;
    const hl = Math.hypot(hxv, hyv, hzv);
    const ndh = Math.max(0, (n[0] * hxv + n[1] * hyv + n[2] * hzv) / hl);
    const shin = clamp(1200 / (1 + fp * 30), 60, 1200);
    const spec = ndh ** shin * (shin / 40) * (seaCfg.glitter ?? 1);
    for (let i = 0; i < 3; i++) col[i] += sunCol[i] * spec * fres * 4;
    // Whitewater where the waves break on the beach.
    if (kind === 'sea') {
      const sd = (world.shoreZ(x) - z) / Math.sqrt(1 + (scene.world.shore.slope ?? 0) ** 2);
      const foamBand = smoothstep(-22, -4, sd) * smoothstep(2, -2, sd);
      const fn = cloudNoise.fbm(x / 6, z / 1.5, 4, fp / 1.5);
      const foam = foamBand * smoothstep(-0.05, 0.25, fn + 0.15 * Math.sin(sd * 0.9 + x * 0.02));
      const lineF = smoothstep(0.45, 0.7, cloudNoise.fbm(x / 40, z / 6, 3) + 0.5) * 0.5;
      const waveLine =
        (1 - smoothstep(0, 0.5, Math.abs(Math.sin(sd * 0.11 + fn)))) * smoothstep(-160, -30, sd) * lineF;
      // Wind-driven white horses out on open water.
      const wc = seaCfg.whitecaps ?? 0;
      const caps =
        wc > 0
          ? smoothstep(0.62, 0.8, cloudNoise.fbm(x / 7 + 9, z / 3, 3, fp / 3) + 0.35 - (1 - wc) * 0.4) *
            smoothstep(-20, -80, sd)
          : 0;
      const fa = clamp(foam * 0.85 + waveLine * 0.5 + caps * 0.7, 0, 1);
      for (let i = 0; i < 3; i++) col[i] = mix(col[i], (sunCol[i] * 0.55 + ambient[i]) * 0.8, fa);
    }
    return col;
  }

  // Renders columns [c0, c1) and returns linear RGB plus hit distance per pixel (Infinity for sky).
  function renderColumns(c0, c1) {
    const w = c1 - c0;
    const rgb = new Float32Array(w * height * 3);
    const depth = new Float32Array(w * height);
    const zMax = scene.zMax ?? 40000;
    for (let px = c0; px < c1; px++) {
      const a = (px + 0.5 - cx) / f;
      let z = 0.5;
      let sky0 = -1;
      for (let py = height - 1; py >= 0; py--) {
        const b = (py + 0.5 - cy) / f;
        const o = ((py * w + (px - c0)) * 3) | 0;
        const dl = Math.hypot(a, b, 1);
        const dx = a / dl;
        const dy = -b / dl;
        const dz = 1 / dl;
        let hit = false;
        let prev = z;
        // Walk along z (forward distance); step adapts to the clearance above the ground.
        while (z < zMax) {
          const x = camX + a * z;
          const wz = camZ + z;
          const y = camH - b * z;
          const fp = (z * dl) / f;
          const h = H(x, wz, fp);
          if (y <= h) {
            hit = true;
            break;
          }
          prev = z;
          const clearance = y - h;
          z += Math.max(z * 0.0015, Math.min(clearance / (2.4 + Math.max(b, 0)), z * 0.05 + 2));
        }
        if (!hit) {
          sky0 = py;
          break;
        }
        let lo = prev;
        let hi = z;
        for (let k = 0; k < 10; k++) {
          const mid = (lo + hi) / 2;
          const fp = (mid * dl) / f;
          if (camH - b * mid <= H(camX + a * mid, camZ + mid, fp)) hi = mid;
          else lo = mid;
        }
        z = lo;
        const zz = hi;
        const x = camX + a * zz;
        const wz = camZ + zz;
        const y = camH - b * zz;
        const dist = zz * dl;
        const fp = dist / f / Math.max(0.15, Math.abs(dy) * 3 + 0.1);
        const ls = lightSurface(x, y, wz, dx, dy, dz, fp, true);
        let col = ls.col;
        if (!col)
          col = shadeWater(
            x,
            Math.max(y, 0),
            wz,
            dx,
            dy,
            dz,
            dist,
            dist / f,
            ls.s.kind === 'burn' ? 'burn' : 'sea',
          );
        else if (ls.s.water > 0) {
          const wcol = shadeWater(x, y, wz, dx, dy, dz, dist, dist / f, 'burn');
          for (let i = 0; i < 3; i++) col[i] = mix(col[i], wcol[i], ls.s.water);
        }
        aerial(col, dist, dx, dy, dz);
        rgb[o] = col[0];
        rgb[o + 1] = col[1];
        rgb[o + 2] = col[2];
        depth[py * w + (px - c0)] = dist;
      }
      if (sky0 >= 0) {
        for (let py = sky0; py >= 0; py--) {
          const b = (py + 0.5 - cy) / f;
          const dl = Math.hypot(a, b, 1);
          const c = sky(a / dl, -b / dl, 1 / dl);
          const o = ((py * w + (px - c0)) * 3) | 0;
          rgb[o] = c[0];
          rgb[o + 1] = c[1];
          rgb[o + 2] = c[2];
          depth[py * w + (px - c0)] = Number.POSITIVE_INFINITY;
        }
      }
    }
    return { rgb, depth };
  }

  // Screen projection for overlays (flagstick) drawn after the terrain.
  function project(x, y, z) {
    const dz = z - camZ;
    return { sx: cx + ((x - camX) / dz) * f, sy: cy - ((y - camH + curv(x, z)) / dz) * f, dist: dz };
  }

  function lightPoint(albedo, nx, ny, nz, shadowed) {
    const ndl = Math.max(0, nx * L[0] + ny * L[1] + nz * L[2]);
    return albedo.map((c, i) => c * (sunCol[i] * ndl * (shadowed ? 0 : 1) + ambient[i] * 0.8));
  }

  return { renderColumns, project, lightPoint, world, L, f, height: H, softShadow, aerial };
}
