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
        [-34, 4],
        [-16, 40],
        [8, 78],
        [26, 98],
      ],
      width: 26,
      stripe: 6,
      green: { x: 30, z: 102, rx: 13, rz: 10, tiltX: -0.012, tiltZ: 0.01 },
      bunkers: [
        [17, 95, 2.9, 1.3, 0.6],
        [43, 96, 2.7, 1.2, 3.6],
        [22, 116, 2.5, 1.2, -1],
        [-8, 54, 2.8, 1.2, 1.2],
        [-27, 30, 2.4, 1.1, 1.2],
      ],
    },
  ],
};

const base = {
  world,
  sun: { azimuth: -62, elevation: 7.5, color: '#ffcf94', intensity: 2.8, visible: false },
  sky: {
    zenith: '#3c6ba6',
    horizon: '#dde0df',
    haze: '#d3d6d4',
    glow: '#ffb36a',
    ambient: '#8aa2bf',
    ambientK: 0.6,
    fog: 1 / 6500,
    glowK: 0.7,
    curve: 0.4,
    hazeBand: 22,
  },
  clouds: {
    altitude: 1600,
    scale: 2000,
    coverage: 0.58,
    softness: 0.22,
    lit: '#fff8ec',
    shade: '#a3a8b6',
    stretchX: 1.6,
    stretchZ: 1,
    fade: 26000,
    opacity: 0.9,
  },
  sea: { deep: '#294856', swell: 0.3, glitter: 0.6, facet: 0.12 },
  flag: { x: 31, z: 103, color: '#f1c232', wind: [1, -0.3] },
  grade: {
    exposure: 1.05,
    saturation: 0.95,
    warmth: 0.6,
    lift: [0.005, 0.01, 0.02],
    vignette: 0.35,
    grain: 0.03,
    bloom: 0.06,
  },
};

export const hero = {
  ...base,
  camera: { h: 9, hfov: 62, horizon: 0.42 },
};

export const heroPhone = {
  ...base,
  camera: { h: 9, hfov: 48, horizon: 0.4, shiftX: -0.1 },
};
