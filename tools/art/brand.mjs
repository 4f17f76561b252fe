// Brand marks: the roundel (flag over dunes and sea), the wordmark outlined from Cormorant Garamond so it
// renders identically everywhere (as an <img> an SVG cannot use the page's web fonts), the favicon,
// the Apple touch icon and the light dune pattern used behind section dividers.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import opentype from 'opentype.js';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

export const BRAND = {
  green: '#143d2d',
  greenDeep: '#0f2e22',
  gold: '#b08d3e',
  goldLight: '#d4b46a',
  sand: '#ebe1cb',
  white: '#ffffff',
};

const NAME = 'The Links';
const TAGLINE = 'ANGUS COAST \u00b7 EST. 1842';

async function loadFont(weight) {
  const file = require.resolve(
    `@fontsource/cormorant-garamond/files/cormorant-garamond-latin-${weight}-normal.woff`,
  );
  const buf = await readFile(file);
  return opentype.parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
}

// Lays out text glyph by glyph so tracking can be applied, returning one path and its advance width.
function textPath(font, text, x, y, size, tracking = 0) {
  const scale = size / font.unitsPerEm;
  const glyphs = font.stringToGlyphs(text);
  let cursor = x;
  const parts = [];
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i];
    parts.push(g.getPath(cursor, y, size).toPathData(2));
    let adv = g.advanceWidth * scale;
    if (i < glyphs.length - 1) adv += font.getKerningValue(g, glyphs[i + 1]) * scale;
    cursor += adv + (i < glyphs.length - 1 ? tracking : 0);
  }
  return { d: parts.join(''), width: cursor - x };
}

// The roundel on a 64 x 64 grid. `ink` draws rings, stick and waves; `accent` fills the flag.
function roundel(ink, accent, { filled = false, bg = BRAND.green } = {}) {
  const waves = [
    'M9 43.2c3.6-2.2 7.2-2.2 10.8 0s7.2 2.2 10.8 0 7.2-2.2 10.8 0 7.2 2.2 10.8 0 4.4-1.9 7.2-1',
    'M11.5 49.6c3.4-2 6.8-2 10.2 0s6.8 2 10.2 0 6.8-2 10.2 0 6.8 2 10.2 0',
  ];
  const dune = 'M6.5 38.4c6.8-5.6 13.6-7.2 21.3-5.2 3.6.9 6.1 2.5 9.8 2.3 6.2-.4 11.6-4.6 20 .6';
  const parts = [];
  if (filled) parts.push(`<circle cx="32" cy="32" r="31" fill="${bg}"/>`);
  parts.push(
    `<circle cx="32" cy="32" r="${filled ? 28.6 : 30.4}" fill="none" stroke="${ink}" stroke-width="${filled ? 1.6 : 2.4}"/>`,
  );
  if (!filled)
    parts.push(
      `<circle cx="32" cy="32" r="26.8" fill="none" stroke="${ink}" stroke-width="0.8" opacity="0.7"/>`,
    );
  parts.push(
    '<clipPath id="rc"><circle cx="32" cy="32" r="26"/></clipPath>',
    `<g clip-path="url(#rc)" fill="none" stroke="${ink}" stroke-linecap="round" stroke-width="2.3">`,
    `<path d="${dune}"/>`,
    `<path d="${waves[0]}"/>`,
    `<path d="${waves[1]}" opacity="0.8"/>`,
    '</g>',
    // Flagstick planted in the dune crest, pennant streaming in the wind.
    `<path d="M29.6 34V12.2" stroke="${ink}" stroke-width="2.2" stroke-linecap="round"/>`,
    `<path d="M30.6 11.2c3.8 1.1 7.8 2.2 12.6 2.8-4.1 1.6-8.3 3.4-12.6 5.6z" fill="${accent}"/>`,
  );
  return parts.join('');
}

function svg(viewW, viewH, body, title) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${viewW} ${viewH}" width="${viewW}" height="${viewH}" role="img" aria-labelledby="t"><title id="t">${title}</title>${body}</svg>\n`;
}

export async function writeBrand(publicDir) {
  const [bold, semi] = await Promise.all([loadFont(600), loadFont(700)]);
  const textX = 76;
  const name = textPath(bold, NAME, textX, 38.5, 40, 0.2);
  const tag = textPath(semi, TAGLINE, textX + 1, 56, 12.6, 1.55);
  const width = Math.ceil(textX + Math.max(name.width, tag.width + 1) + 2);
  const logo = (ink, accent, tagInk) =>
    svg(
      width,
      64,
      `${roundel(ink, accent)}<path d="${name.d}" fill="${ink}"/><path d="${tag.d}" fill="${tagInk}"/>`,
      'The Links, Angus Coast, established 1842',
    );
  await writeFile(path.join(publicDir, 'images/logo.svg'), logo(BRAND.green, BRAND.gold, BRAND.green));
  await writeFile(path.join(publicDir, 'images/logo-light.svg'), logo(BRAND.white, BRAND.white, BRAND.white));
  await writeFile(
    path.join(publicDir, 'images/logo-mark.svg'),
    svg(64, 64, roundel(BRAND.green, BRAND.gold), 'The Links'),
  );

  const favicon = svg(64, 64, roundel(BRAND.white, BRAND.goldLight, { filled: true }), 'The Links');
  await writeFile(path.join(publicDir, 'favicon.svg'), favicon);

  // iOS masks the icon to a rounded square, so the background is full bleed and the mark sits inside
  // the safe area.
  const touch = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 180 180" width="180" height="180"><rect width="180" height="180" fill="${BRAND.green}"/><g transform="translate(30 30) scale(1.875)">${roundel(BRAND.white, BRAND.goldLight)}</g></svg>`;
  await sharp(Buffer.from(touch))
    .png({ compressionLevel: 9, palette: true, quality: 95 })
    .toFile(path.join(publicDir, 'apple-touch-icon.png'));

  await writeFile(path.join(publicDir, 'images/pattern-dunes.svg'), dunePattern());
  return { width };
}

// A 240 x 48 tile whose curves are periodic in the tile width, so it repeats seamlessly along a divider.
function dunePattern() {
  const W = 240;
  const line = (base, amps, phase) => {
    const pts = [];
    for (let x = 0; x <= W; x += 4) {
      const t = (x / W) * Math.PI * 2;
      const y =
        base +
        amps[0] * Math.sin(t + phase) +
        amps[1] * Math.sin(2 * t + phase * 1.7) +
        amps[2] * Math.sin(3 * t + 0.4);
      pts.push(`${x},${y.toFixed(2)}`);
    }
    return `M${pts.join('L')}`;
  };
  const tufts = [];
  const seeds = [18, 71, 133, 176, 214];
  for (const sx of seeds) {
    const t = (sx / W) * Math.PI * 2;
    const y = 20 + 5 * Math.sin(t + 0.6) + 2.2 * Math.sin(2 * t + 1.02) + 1.2 * Math.sin(3 * t + 0.4);
    for (let k = -2; k <= 2; k++) {
      const lean = k * 1.6 + 1.2;
      tufts.push(
        `M${(sx + k * 1.2).toFixed(1)} ${y.toFixed(1)}q${(lean * 0.4).toFixed(1)} -4 ${lean.toFixed(1)} -${(7 - Math.abs(k)).toFixed(1)}`,
      );
    }
  }
  const ink = BRAND.green;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} 48" width="${W}" height="48"><title>Dune pattern</title><g fill="none" stroke="${ink}" stroke-linecap="round" stroke-linejoin="round"><path d="${line(20, [5, 2.2, 1.2], 0.6)}" stroke-width="1.2" opacity="0.09"/><path d="${line(30, [3.5, 1.6, 0.8], 2.4)}" stroke-width="1" opacity="0.07"/><path d="${tufts.join('')}" stroke-width="0.9" opacity="0.08"/><path d="${line(41, [1.2, 0.9, 0.5], 4.1)}" stroke-width="0.9" opacity="0.06" stroke-dasharray="10 7"/></g></svg>\n`;
}
