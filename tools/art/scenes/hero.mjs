// Golden-hour panorama for the landing page: open links falling towards the North Sea, a flag on a green
// right of centre, quiet sky and dunes on the left where the headline sits.
const world = {
  seed: 11,
  shore: { z0: 330, amp: 90, scale: 900, slope: 0.08, beach: 40 },
  dunes: { amp: 8, inland: 120 },
  tilt: 0.03,
  undulation: 1.8,
  roll: 3,
  hummocks: 0.6,
  dryness: 0.1,
  farShore: { z: 14000, x0: 4000, x1: 40000, h: 70 },
  holes: [
    {
      path: [
        [-40, -6],
        [-22, 24],
        [2, 54],
        [20, 72],
      ],
      width: 26,
      stripe: 6,
      green: { x: 24, z: 80, rx: 12, rz: 9, tiltX: -0.012, tiltZ: 0.01 },
      bunkers: [
        [12, 73, 2.7, 1.3, 0.6],
        [36, 75, 2.5, 1.2, 3.6],
        [17, 92, 2.4, 1.2, -1],
        [-14, 36, 2.6, 1.2, 1.2],
      ],
    },
  ],
};

const base = {
  world,
  sun: { azimuth: -58, elevation: 7, color: '#ffc583', intensity: 3.0, visible: false },
  sky: {
    zenith: '#3d6ca8',
    mid: '#a9bed6',
    midAt: 0.09,
    horizon: '#f0dcc0',
    haze: '#e0d9cb',
    glow: '#ffb36a',
    ambient: '#8aa2bf',
    ambientK: 0.6,
    fog: 1 / 8000,
    glowK: 0.9,
    curve: 0.7,
    hazeBand: 40,
  },
  clouds: {
    altitude: 1600,
    scale: 2400,
    coverage: 0.57,
    billow: 0.5,
    softness: 0.2,
    lit: '#fff8ec',
    shade: '#98a4b8',
    stretchX: 1.6,
    stretchZ: 1,
    fade: 26000,
    opacity: 0.9,
  },
  sea: { deep: '#173a50', swell: 0.3, glitter: 0.8, facet: 0.2, fresnelMax: 0.45 },
  grass: { near: 6, far: 70, density: 200, height: 0.5, wind: [0.35, 0.05] },
  flag: { x: 25, z: 81, color: '#f1c232', wind: [1, -0.3] },
  grade: {
    exposure: 1.05,
    saturation: 0.95,
    warmth: 0.6,
    lift: [0.005, 0.01, 0.02],
    vignette: 0.35,
    grain: 0.022,
    bloom: 0.06,
  },
};

export const hero = {
  ...base,
  camera: { h: 7, hfov: 62, horizon: 0.42 },
};

export const heroPhone = {
  ...base,
  camera: { h: 9, hfov: 48, horizon: 0.4, shiftX: -0.1 },
};
