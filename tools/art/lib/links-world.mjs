// A procedural links landscape: height field plus surface description (albedo and water flags) in world
// metres. x runs to the camera's right, z away from the camera, y up. Scenes pass a plain config object;
// everything here is pure so worker threads can rebuild the same world from the same config.
import { clamp, hash2, makeNoise, mix, smoothstep, srgbToLinear } from './noise.mjs';

const C = (hex) => srgbToLinear(hex);

const PALETTE = {
  fairway: C('#6e8044'),
  fairwayDry: C('#959260'),
  green: C('#6b8646'),
  semi: C('#76824a'),
  fescue: C('#ad9f68'),
  fescueGrey: C('#8d9070'),
  fescueDark: C('#5e6843'),
  marram: C('#a9a987'),
  marramDry: C('#c6b78d'),
  sand: C('#e3d2a6'),
  sandShadow: C('#bfa97b'),
  beachDry: C('#d8c6a0'),
  beachWet: C('#8f8470'),
  revetEarth: C('#4a3e2c'),
  revetGrass: C('#7d7a4a'),
  heather: C('#5b4b48'),
  heatherBloom: C('#6a4f58'),
  gorse: C('#2b3a1b'),
  gorseFlower: C('#f0bd1c'),
  pine: C('#26331f'),
  pineLit: C('#34422a'),
  stone: C('#9a8f7f'),
  stoneDark: C('#6f665a'),
  slate: C('#4d5359'),
  glass: C('#1e2326'),
  path: C('#b8ab8a'),
  burnWall: C('#6e6758'),
  farLand: C('#5d6a55'),
};

// Every surface's albedo is one palette colour (or a blend of two) under its own light and shade: stripes, tufts,
// stones, planks. One writer for all of them keeps the three channels treated alike.
function paint(albedo, colour, k) {
  albedo[0] = colour[0] * k;
  albedo[1] = colour[1] * k;
  albedo[2] = colour[2] * k;
}

function paintBlend(albedo, from, to, t, k) {
  albedo[0] = mix(from[0], to[0], t) * k;
  albedo[1] = mix(from[1], to[1], t) * k;
  albedo[2] = mix(from[2], to[2], t) * k;
}

function buildPath(points, samplesPerSpan = 12) {
  // Catmull-Rom through the control points so holes and burns bend like real ones.
  const out = [];
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    for (let k = 0; k < samplesPerSpan; k++) {
      const t = k / samplesPerSpan;
      const t2 = t * t;
      const t3 = t2 * t;
      const f = (a, b, c, d) =>
        0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      out.push([f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  out.push(points[points.length - 1]);
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minZ = Number.POSITIVE_INFINITY;
  let maxZ = Number.NEGATIVE_INFINITY;
  const cum = [0];
  for (let i = 0; i < out.length; i++) {
    minX = Math.min(minX, out[i][0]);
    maxX = Math.max(maxX, out[i][0]);
    minZ = Math.min(minZ, out[i][1]);
    maxZ = Math.max(maxZ, out[i][1]);
    if (i > 0) cum.push(cum[i - 1] + Math.hypot(out[i][0] - out[i - 1][0], out[i][1] - out[i - 1][1]));
  }
  return { pts: out, cum, minX, maxX, minZ, maxZ, length: cum[cum.length - 1] };
}

// Signed lateral distance (left negative) and arc length of the nearest point on a path.
function pathQuery(path, x, z, reach) {
  if (x < path.minX - reach || x > path.maxX + reach || z < path.minZ - reach || z > path.maxZ + reach) {
    return null;
  }
  const pts = path.pts;
  let best = Number.POSITIVE_INFINITY;
  let bestSigned = 0;
  let bestS = 0;
  for (let i = 0; i < pts.length - 1; i++) {
    const ax = pts[i][0];
    const az = pts[i][1];
    const dx = pts[i + 1][0] - ax;
    const dz = pts[i + 1][1] - az;
    const len2 = dx * dx + dz * dz;
    let t = ((x - ax) * dx + (z - az) * dz) / len2;
    t = t < 0 ? 0 : Math.min(t, 1);
    const px = ax + dx * t - x;
    const pz = az + dz * t - z;
    const d2 = px * px + pz * pz;
    if (d2 < best) {
      best = d2;
      const cross = dx * (z - az) - dz * (x - ax);
      bestSigned = cross > 0 ? -Math.sqrt(d2) : Math.sqrt(d2);
      bestS = path.cum[i] + t * Math.sqrt(len2);
    }
  }
  return { d: bestSigned, s: bestS };
}

export function createLinksWorld(cfg) {
  const N = makeNoise(cfg.seed ?? 7);
  const N2 = makeNoise((cfg.seed ?? 7) + 101);
  const shore = cfg.shore;
  const holes = (cfg.holes ?? []).map((h) => ({ ...h, path: buildPath(h.path) }));
  const burn = cfg.burn ? { ...cfg.burn, path: buildPath(cfg.burn.path, 16) } : null;
  const trees = cfg.trees ?? [];
  const dunes = cfg.dunes ?? { amp: 8, inland: 160 };
  const und = cfg.undulation ?? 1.3;
  const roll = cfg.roll ?? 3;
  const heatherAmt = cfg.heather ?? 0;
  const gorseAmt = cfg.gorse ?? 0;
  const clubhouse = cfg.clubhouse ?? null;

  const shoreZ = (x) => shore.z0 + (shore.slope ?? 0) * x + shore.amp * N.fbm(x / shore.scale, 3.7, 3);

  // Distance inland measured square to the shoreline, so an oblique coast keeps its dune belt width.
  const shoreNorm = 1 / Math.sqrt(1 + (shore.slope ?? 0) ** 2);
  // Greens default to sitting just proud of the surrounding ground.
  for (const hole of holes) {
    if (hole.green.h == null) {
      const n = natural(hole.green.x, hole.green.z, 0);
      hole.green = { ...hole.green, h: n.rollH + 0.35 * n.undH + 0.5 + (hole.green.lift ?? 0) };
    }
  }

  // Terrain before any golf architecture is carved into it.
  function natural(x, z, fp) {
    const sd = (shoreZ(x) - z) * shoreNorm;
    const rollH = roll * N.fbm(x / 420, z / 420, 3);
    let undH = und * N.fbm(x / 48, z / 48, 4, fp / 48);
    undH += und * 0.35 * N.fbm(x / 11, z / 11, 3, fp / 11);
    let duneH = 0;
    const beachW = shore.beach ?? 45;
    if (sd < dunes.inland + 40) {
      const w = smoothstep(dunes.inland, dunes.inland * 0.3, sd) * smoothstep(beachW - 2, beachW + 22, sd);
      if (w > 0) {
        const r = N.ridged(x / 85, z / 55, 3, fp / 55);
        duneH =
          w *
          dunes.amp *
          Math.max(
            0.08,
            0.55 +
              0.5 * N.fbm(x / 110, z / 70, 3) +
              (dunes.ridge ?? 0.45) * (r - 0.6) +
              0.1 * N.fbm(x / 18, z / 18, 3, fp / 18),
          );
      }
    }
    // Scattered inland hummocks give the "crumpled blanket" look of old links ground.
    const hum = cfg.hummocks ?? 1.6;
    const hn = N2.fbm(x / 70, z / 70, 3, fp / 70);
    const hummock = hum * Math.max(0, hn + 0.1) ** 1.5 * 2.2;
    // Old links ground usually falls gently towards the sea.
    const tiltH = (cfg.tilt ?? 0) * clamp(sd, 0, 800);
    return { sd, rollH: rollH + tiltH, undH, duneH, hummock, beachW };
  }

  function features(x, z) {
    let fairway = 0;
    let stripe = 0;
    let green = 0;
    let apron = 0;
    let semi = 0;
    let greenTarget = 0;
    let teeBox = 0;
    let bunker = null;
    let soft = 0;
    let greenSoft = 0;
    for (const hole of holes) {
      const q = pathQuery(hole.path, x, z, hole.width + 14);
      if (q) {
        const half = hole.width * (0.5 + 0.12 * N.noise(q.s / 60, 3.3)) + 1.2 * N.fbm(x / 9, z / 9, 2);
        const ad = Math.abs(q.d);
        const f = 1 - smoothstep(half - 0.6, half + 0.6, ad);
        const start = smoothstep(hole.start ?? 0, (hole.start ?? 0) + 4, q.s);
        if (f * start > fairway) {
          fairway = f * start;
          stripe = Math.floor(q.d / (hole.stripe ?? 7) + 1000) % 2;
        }
        semi = Math.max(semi, (1 - smoothstep(half + 1.5, half + 3.2, ad)) * start);
        // Shaping fades out well beyond the mown edge so fairways sit in hollows, not trenches.
        soft = Math.max(soft, (1 - smoothstep(half - 3, half + 14, ad)) * start);
      }
      const g = hole.green;
      const gx = (x - g.x) / g.rx;
      const gz = (z - g.z) / g.rz;
      const wob = 1 + 0.08 * N.noise(x / 9 + 40, z / 9);
      const qd = Math.sqrt(gx * gx + gz * gz) * wob;
      if (qd < 1.75) {
        const gm = 1 - smoothstep(0.96, 1.04, qd);
        if (gm >= green) {
          green = gm;
          greenTarget = g.h + (g.tiltX ?? 0) * (x - g.x) + (g.tiltZ ?? 0) * (z - g.z);
        }
        apron = Math.max(apron, 1 - smoothstep(1.15, 1.35, qd));
        greenSoft = Math.max(greenSoft, 1 - smoothstep(0.85, 1.7, qd));
      }
      if (hole.tee) {
        const t = hole.tee;
        const tx = Math.abs(x - t.x) - t.w / 2;
        const tz = Math.abs(z - t.z) - t.d / 2;
        teeBox = Math.max(teeBox, 1 - smoothstep(-0.3, 0.3, Math.max(tx, tz)));
      }
      for (const b of hole.bunkers ?? []) {
        const dx = x - b[0];
        const dz = z - b[1];
        const R = b[2];
        if (Math.abs(dx) > R + 2 || Math.abs(dz) > R + 2) continue;
        const r = Math.sqrt(dx * dx + dz * dz) * (1 + 0.06 * N.noise(x / 1.7, z / 1.7));
        if (r < R + 1.6) bunker = { r, R, dx, dz, depth: b[3] ?? 1.2, face: b[4] ?? 0 };
      }
    }
    return { fairway, stripe, green, apron, semi, greenTarget, teeBox, bunker, soft, greenSoft };
  }

  function burnQuery(x, z) {
    if (!burn) return null;
    return pathQuery(burn.path, x, z, burn.width + 12);
  }

  function treeMask(x, z) {
    let m = 0;
    for (const t of trees) {
      const dx = Math.max(Math.abs(x - t.x) - t.w / 2, 0);
      const dz = Math.max(Math.abs(z - t.z) - t.d / 2, 0);
      const edge = N.fbm(x / 30, z / 30, 2) * 14;
      const d = Math.hypot(dx, dz) + edge;
      m = Math.max(m, 1 - smoothstep(0, 6, d));
    }
    return m;
  }

  // Scenes can keep gorse out of the immediate foreground, where its flowers would be huge.
  function gorseClear(x, z) {
    const c = cfg.gorseClear;
    if (!c) return 1;
    return smoothstep(c[2], c[2] + 6, Math.hypot(x - c[0], z - c[1]));
  }

  // Woodland as individual crowns on a jittered grid: rounded, clumpy tops whose silhouettes read as
  // separate trees against the sky rather than one hedge.
  function crowns(x, z, mask, fp) {
    const cell = 6.5;
    const canopy = cfg.treeHeight ?? 11;
    const cx = Math.floor(x / cell);
    const cz = Math.floor(z / cell);
    let best = 0;
    for (let j = -1; j <= 1; j++) {
      for (let i = -1; i <= 1; i++) {
        const ix = cx + i;
        const iz = cz + j;
        const px = (ix + 0.2 + 0.6 * hash2(ix, iz, 11)) * cell;
        const pz = (iz + 0.2 + 0.6 * hash2(ix, iz, 12)) * cell;
        const R = 4.2 + 2.6 * hash2(ix, iz, 13);
        const d2 = ((x - px) ** 2 + (z - pz) ** 2) / (R * R);
        if (d2 >= 1) continue;
        const th = canopy * (0.82 + 0.3 * hash2(ix, iz, 14)) * treeMask(px, pz);
        const dome = th * (1 - d2) ** 0.6;
        if (dome > best) best = dome;
      }
    }
    const clump = 1 + 0.12 * N.fbm(x / 1.6, z / 1.6, 3, fp / 1.6);
    return Math.max(best * clump, mask * canopy * 0.62 * clump) * smoothstep(0, 0.3, mask);
  }

  function clubhouseHeight(x, z) {
    if (!clubhouse) return -1;
    const c = clubhouse;
    const lx = x - c.x;
    const lz = z - c.z;
    let top = -1;
    if (Math.abs(lx) < c.w / 2 && Math.abs(lz) < c.d / 2) {
      const ridge = c.roof * (1 - Math.abs(lz) / (c.d / 2));
      top = c.base + c.wall + ridge;
    }
    // A gabled wing and chimney stacks break the box into a believable silhouette.
    if (c.wing && Math.abs(lx - c.wing.x) < c.wing.w / 2 && Math.abs(lz - c.wing.z) < c.wing.d / 2) {
      const ridge = c.wing.roof * (1 - Math.abs(lx - c.wing.x) / (c.wing.w / 2));
      top = Math.max(top, c.base + c.wing.wall + ridge);
    }
    for (const ch of c.chimneys ?? []) {
      if (Math.abs(lx - ch[0]) < 0.7 && Math.abs(lz - ch[1]) < 0.9) top = Math.max(top, c.base + ch[2]);
    }
    return top;
  }

  // Full height; fp is the ground footprint of one pixel in metres, used to drop sub-pixel detail.
  function height(x, z, fp = 0) {
    const n = natural(x, z, fp);
    let h = n.rollH + n.undH + n.duneH + n.hummock;
    const f = features(x, z);
    const play = Math.max(f.soft, f.greenSoft * 0.9, f.teeBox);
    if (play > 0) {
      h -= play * (0.3 * n.undH + 0.85 * n.duneH + 0.55 * n.hummock);
    }
    if (f.greenSoft > 0) {
      h = mix(h, f.greenTarget + 0.12 * N.fbm(x / 9, z / 9, 2), f.greenSoft);
    }
    if (f.teeBox > 0) h = mix(h, (cfg.teeH ?? h) + 0.4, f.teeBox);
    if (f.bunker) {
      const { r, R, depth, dx, dz, face } = f.bunker;
      const facing = (dx * Math.cos(face) + dz * Math.sin(face)) / (r + 1e-6);
      const wall = 1 - smoothstep(R * 0.8, R, r);
      // Sand rises to meet the turf at the back (the way in); the deep revetted face is on the green side.
      const u = (dx * Math.cos(face) + dz * Math.sin(face)) / R;
      h -= depth * clamp(0.62 + 0.5 * u, 0.08, 1) * wall;
      h += (0.12 + 0.12 * facing) * Math.exp(-(((r - R - 0.35) / 0.6) ** 2));
    }
    const bq = burnQuery(x, z);
    if (bq) {
      const ad = Math.abs(bq.d);
      const half = burn.width / 2;
      const banks = 1 - smoothstep(half + 2, half + 12, ad);
      const level = n.rollH + (burn.level ?? 0);
      h = mix(h, level + 0.9, banks * 0.85);
      if (ad < half + 0.45) {
        const t = smoothstep(half, half + 0.45, ad);
        h = mix(level + 0.35, h, t);
      }
    }
    // Beach and sea: terrain slides under the water along the shore.
    const beachT = smoothstep(n.beachW + 14, n.beachW - 2, n.sd);
    if (beachT > 0) {
      const bh = n.sd * 0.045 - 0.25 + 0.12 * N.fbm(x / 25, z / 8, 2);
      h = mix(h, bh, beachT);
    }
    const t = treeMask(x, z);
    if (t > 0) h += crowns(x, z, t, fp);
    if (gorseAmt > 0 && f.fairway < 0.1 && f.green < 0.1 && !f.bunker && gorseClear(x, z) > 0) {
      const g = smoothstep(0.28 - gorseAmt * 0.25, 0.4 - gorseAmt * 0.25, N2.fbm(x / 22 + 11, z / 22, 3));
      if (g > 0)
        h += g * gorseClear(x, z) * (1.1 + 0.35 * N2.fbm(x / 1.3, z / 1.3, 3, fp / 1.3)) * (1 - f.semi);
    }
    const ch = clubhouseHeight(x, z);
    if (ch > h) h = ch;
    // Far coast across the firth, a low hazy strip near the horizon.
    if (cfg.farShore && z > cfg.farShore.z) {
      const fs = cfg.farShore;
      const landH = fs.h * (0.5 + N.fbm(x / 2500, 1.3, 4));
      const edge = smoothstep(fs.z, fs.z + 900, z);
      const fx = smoothstep(fs.x0 - 3000, fs.x0, x) * smoothstep(fs.x1 + 3000, fs.x1, x);
      h = Math.max(h, edge * fx * landH - 2);
    }
    if (h < 0) h = 0;
    return h;
  }

  // Cheap height for long shadow rays: the natural ground and tree masses, no golf architecture.
  function coarseHeight(x, z) {
    const n = natural(x, z, 2);
    let h = n.rollH + n.undH + n.duneH + n.hummock;
    const beachT = smoothstep(n.beachW + 14, n.beachW - 2, n.sd);
    if (beachT > 0) h = mix(h, n.sd * 0.045 - 0.25, beachT);
    const t = treeMask(x, z);
    if (t > 0) h += t * (cfg.treeHeight ?? 11) * 0.8 * smoothstep(0, 0.4, t);
    const ch = clubhouseHeight(x, z);
    if (ch > h) h = ch;
    return Math.max(h, 0);
  }

  // Sub-metre relief that only matters for shading (tufts, rake marks, turf layers).
  function microRelief(x, z, fp, kind) {
    if (fp > 0.6) return 0;
    if (kind === 'rough') return 0.07 * N2.fbm(x / 1.4, z / 1.4, 4, fp / 1.4);
    if (kind === 'tree') return 0.7 * N2.fbm(x / 1.3, z / 1.3, 4, fp / 1.3);
    if (kind === 'sand') return 0.025 * N2.fbm(x / 0.35, z / 0.18, 3, fp / 0.35);
    // Mown turf is nearly smooth; at a low sun any real relief here turns into blotches.
    return 0.008 * N2.fbm(x / 0.6, z / 0.6, 3, fp / 0.6);
  }

  // Surface description at a hit point. y is the ray height at the hit (differs from the height field on
  // vertical faces such as the clubhouse walls and the revetted bunker faces).
  function surface(x, z, y, fp, nx, ny, nz) {
    const out = { albedo: [0, 0, 0], water: 0, sheen: 0, rough: 0.9, kind: 'grass' };
    const n = natural(x, z, fp);
    const f = features(x, z);
    const steep = 1 - ny;
    const v = N.fbm(x / 14, z / 14, 4, fp / 14);
    const v2 = N2.fbm(x / 2.2, z / 2.2, 4, fp / 2.2);
    // Fine tuft-scale variation reads as grass texture until it drops below a pixel.
    const v3 = N2.fbm(x / 0.35, z / 0.5, 3, fp / 0.35);
    const a = out.albedo;

    if (cfg.farShore && z > cfg.farShore.z - 200) {
      paint(a, PALETTE.farLand, 1);
      if (y < 0.05) out.water = 1;
      return out;
    }

    // Clubhouse walls, roof, windows.
    if (clubhouse) {
      const c = clubhouse;
      const ch = clubhouseHeight(x, z);
      if (ch > 0 && y > c.base - 0.5) {
        const wallTop = c.base + c.wall;
        const isRoof = ny > 0.25 && y > wallTop - 0.2;
        if (isRoof && ch > wallTop + 0.3) {
          paint(a, PALETTE.slate, 0.9 + 0.1 * Math.sin(y * 40));
          out.kind = 'roof';
          return out;
        }
        const blockX = Math.floor((x + z) / 0.55);
        const blockY = Math.floor(y / 0.3);
        paint(a, PALETTE.stone, 0.8 + 0.35 * hash2(blockX, blockY, 3));
        a[2] *= 0.97;
        const u = Math.abs(nz) > Math.abs(nx) ? x - c.x : z - c.z;
        const local = y - c.base;
        const bay = (((u / 3.2) % 1) + 1) % 1;
        const inWin =
          bay > 0.32 && bay < 0.68 && ((local > 1.4 && local < 3.3) || (local > 4.6 && local < 6.5));
        if (inWin && local < c.wall) {
          paint(a, PALETTE.glass, 1);
          out.water = 0.35;
          out.kind = 'glass';
        } else {
          out.kind = 'stone';
        }
        return out;
      }
    }

    // Sea and wet sand.
    if (y <= 0.03 && n.sd < n.beachW) {
      out.water = 1;
      out.kind = 'sea';
      return out;
    }

    const bq = burnQuery(x, z);
    if (bq && Math.abs(bq.d) < burn.width / 2 + 0.5) {
      const ad = Math.abs(bq.d);
      if (ad < burn.width / 2 - 0.02 && steep < 0.3) {
        out.water = 1;
        out.kind = 'burn';
        return out;
      }
      // Timber-and-stone sleeper wall the burn runs between.
      const plank = 0.75 + 0.25 * hash2(Math.floor(bq.s / 0.9), Math.floor(y / 0.25), 9);
      paint(a, PALETTE.burnWall, plank);
      if (steep < 0.4) paint(a, PALETTE.semi, 1);
      out.kind = 'wall';
      return out;
    }

    if (f.bunker) {
      const { r, R } = f.bunker;
      if (r < R * 0.83) {
        const rake = 0.94 + 0.06 * Math.sin((x * 0.7 + z) * 9 + N2.noise(x, z) * 3);
        paint(a, PALETTE.sand, (0.96 + 0.05 * v2) * (fp < 0.05 ? rake : 1));
        out.kind = 'sand';
        return out;
      }
      if (r < R * 1.03 && steep > 0.35) {
        // Revetted face: stacked turf slabs, dark soil seams between dried grass edges.
        const layer = ((((y + 0.04 * N2.noise(x * 3, z * 3)) * 8) % 1) + 1) % 1;
        const seam = smoothstep(0.55, 0.8, layer);
        const jit =
          0.85 + 0.3 * hash2(Math.floor(Math.atan2(f.bunker.dz, f.bunker.dx) * 9), Math.floor(y * 9.5));
        const mixT = (fp < 0.08 ? seam : 0.4) * 0.22 + 0.25 + 0.12 * v3;
        paintBlend(a, PALETTE.revetGrass, PALETTE.revetEarth, mixT, jit);
        out.kind = 'revet';
        return out;
      }
    }

    const tm = treeMask(x, z);
    if (tm > 0.02) {
      const t = clamp(0.5 + v2, 0, 1);
      // Needle clumps with dark gaps between them, so canopies read as foliage rather than rock.
      const gaps =
        fp < 0.5
          ? 0.3 + 0.9 * smoothstep(-0.35, 0.35, N2.fbm(x / 0.7 + y, (z + y) / 0.7, 3, fp / 0.7))
          : 0.75;
      paintBlend(a, PALETTE.pine, PALETTE.pineLit, t, gaps);
      out.kind = 'tree';
      return out;
    }

    // Beach sand below the dunes.
    const beachT = smoothstep(n.beachW + 6, n.beachW - 4, n.sd);
    if (beachT > 0.5) {
      const wet = smoothstep(10, 2, n.sd);
      paintBlend(a, PALETTE.beachDry, PALETTE.beachWet, wet, 0.95 + 0.08 * v2);
      out.kind = 'beach';
      out.water = wet * 0.35;
      return out;
    }

    if (f.green > 0.5) {
      const stripe = Math.floor((x * 0.8 + z * 0.6) / 1.1 + 500) % 2;
      paint(a, PALETTE.green, (stripe ? 1.035 : 0.965) * (0.95 + 0.06 * v) * (1 + 0.05 * v3));
      out.sheen = 0.35;
      out.kind = 'green';
      return out;
    }
    if (f.fairway > 0.5 || f.apron > 0.5 || f.teeBox > 0.5) {
      const dt = clamp(0.35 + v * 0.9 + (cfg.dryness ?? 0), 0, 1);
      const sc = cfg.stripeContrast ?? 0.06;
      const k = (f.stripe ? 1 + sc : 1 - sc) * (0.9 + 0.16 * v2) * (1 + 0.08 * v3);
      paintBlend(a, PALETTE.fairway, PALETTE.fairwayDry, dt, k);
      out.sheen = 0.3;
      out.kind = 'fairway';
      return out;
    }
    if (f.semi > 0.5) {
      paint(a, PALETTE.semi, 0.95 + 0.1 * v2);
      out.sheen = 0.15;
      out.kind = 'semi';
      return out;
    }

    // Rough: fescue, marram on the dunes, heather and gorse where the scene asks for them.
    out.kind = 'rough';
    const duneness = clamp(n.duneH / Math.max(1, dunes.amp * 0.6), 0, 1);
    const fs = PALETTE.fescue;
    const fg = PALETTE.fescueGrey;
    const fd = PALETTE.fescueDark;
    const t1 = clamp(0.5 + v * 1.4, 0, 1);
    const t2 = clamp(0.5 + v2 * 1.6, 0, 1);
    let r = mix(fg[0], fs[0], t1);
    let g = mix(fg[1], fs[1], t1);
    let b = mix(fg[2], fs[2], t1);
    const dk = 0.72 + 0.28 * t2;
    r = mix(fd[0], r, dk);
    g = mix(fd[1], g, dk);
    b = mix(fd[2], b, dk);
    if (duneness > 0) {
      const m = PALETTE.marram;
      const md = PALETTE.marramDry;
      const tm2 = clamp(0.5 + v2 * 2, 0, 1);
      r = mix(r, mix(m[0], md[0], tm2), duneness);
      g = mix(g, mix(m[1], md[1], tm2), duneness);
      b = mix(b, mix(m[2], md[2], tm2), duneness);
      // Wind blow-outs expose bare sand on the steep seaward faces.
      const blow = smoothstep(0.35, 0.6, steep + 0.25 * N2.fbm(x / 12, z / 12, 3)) * duneness;
      const s = PALETTE.sand;
      r = mix(r, s[0] * 0.92, blow);
      g = mix(g, s[1] * 0.92, blow);
      b = mix(b, s[2] * 0.92, blow);
      if (blow > 0.5) out.kind = 'sand';
    }
    if (heatherAmt > 0) {
      const hm =
        smoothstep(0.1, 0.45, N2.fbm(x / 30 - 7, z / 30, 3) + heatherAmt * 0.2 - 0.15) *
        clamp(0.6 + v3, 0, 1);
      if (hm > 0) {
        const he = PALETTE.heather;
        const hb = PALETTE.heatherBloom;
        const tb = clamp(0.5 + N.fbm(x / 3, z / 3, 3, fp / 3) * 2, 0, 1);
        const hk = hm * 0.85;
        r = mix(r, mix(he[0], hb[0], tb), hk);
        g = mix(g, mix(he[1], hb[1], tb), hk);
        b = mix(b, mix(he[2], hb[2], tb), hk);
        if (hk > 0.5) out.kind = 'heather';
      }
    }
    if (gorseAmt > 0 && gorseClear(x, z) > 0) {
      const gm =
        gorseClear(x, z) *
        smoothstep(0.28 - gorseAmt * 0.25, 0.36 - gorseAmt * 0.25, N2.fbm(x / 22 + 11, z / 22, 3));
      if (gm > 0 && f.semi < 0.5) {
        const go = PALETTE.gorse;
        const gf = PALETTE.gorseFlower;
        // Flowers: per-cell speckle up close, an averaged yellow cast once they fall below a pixel.
        // Flowers as clustered specks: high-frequency noise thresholded, filtered by the pixel footprint so
        // distant bushes get an averaged yellow cast instead of aliasing.
        const fl = N2.fbm(x / 0.06 + 3, z / 0.06, 2, fp / 0.06);
        const sharpness = clamp(fp / 0.05, 0, 1);
        const bloom0 = smoothstep(0.25 - 0.25 * sharpness, 0.45 + 0.2 * sharpness, fl + 0.15);
        let bloom = mix(bloom0, 0.26, sharpness);
        bloom *= clamp(0.6 + N.fbm(x / 4, z / 4, 2) * 1.5, 0, 1) * (0.5 + ny * 0.5);
        const gr = mix(go[0], gf[0], bloom);
        const gg = mix(go[1], gf[1], bloom);
        const gb = mix(go[2], gf[2], bloom);
        r = mix(r, gr, gm);
        g = mix(g, gg, gm);
        b = mix(b, gb, gm);
        if (gm > 0.5) out.kind = 'gorse';
      }
    }
    const tuft = 1 + 0.22 * v3;
    a[0] = r * tuft;
    a[1] = g * tuft;
    a[2] = b * tuft;
    return out;
  }

  return { height, coarseHeight, surface, microRelief, shoreZ, holes, burn };
}
