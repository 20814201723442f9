// Generated artwork for the demo shop: deterministic SVGs, so a fresh install shows real images
// without shipping binary assets.

export type ArtGlyph = "leaf" | "cone" | "jar" | "pipe" | "grinder" | "gummy" | "drop";

export interface ArtOptions {
  /** Any stable text (the product slug): picks the exact hue and the decoration. */
  seed: string;
  glyph: ArtGlyph;
  strainType: string | null;
}

// Indica purple, Sativa green, Hybrid teal; slate for things without a strain.
const STRAIN_HUES: Record<string, number> = { Indica: 272, Sativa: 98, Hybrid: 172 };
const NEUTRAL_HUE = 212;
// Gummies in candy colours: raspberry, orange, lime.
const CANDY_HUES: Record<string, number> = { Indica: 338, Sativa: 30, Hybrid: 96 };

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny seeded generator, good enough for placing decoration. */
function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hex rather than hsl() so every SVG renderer agrees on the colour. */
export function hslHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + (((hue % 360) + 360) % 360) / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function leaf(fill: string, vein: string): string {
  const leaflets: [number, number][] = [
    [-84, 0.42],
    [-56, 0.66],
    [-27, 0.88],
    [0, 1],
    [27, 0.88],
    [56, 0.66],
    [84, 0.42],
  ];
  const parts = leaflets.map(([deg, s]) => {
    const w = 30 * s;
    const len = 168 * s;
    return (
      `<g transform="rotate(${deg})"><path d="M0 0C${r1(w)} ${r1(-len * 0.3)} ${r1(w)} ${r1(-len * 0.72)} 0 ${r1(-len)}` +
      `C${r1(-w)} ${r1(-len * 0.72)} ${r1(-w)} ${r1(-len * 0.3)} 0 0Z" fill="${fill}"/>` +
      `<path d="M0 -4V${r1(-len * 0.9)}" stroke="${vein}" stroke-width="2.5" stroke-linecap="round"/></g>`
    );
  });
  return `<g transform="translate(200 268)">${parts.join("")}<rect x="-4" y="-2" width="8" height="56" rx="4" fill="${fill}"/></g>`;
}

function cone(): string {
  const smoke = `<path d="M108 60c-18-16 14-30-2-48M128 52c-14-14 10-26-4-40" stroke="#fff" stroke-opacity="0.45" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  return (
    `${smoke}<g transform="translate(214 214) rotate(-30)">` +
    `<path d="M-42 -118L42 -118L17 122L-17 122Z" fill="#fafaf9"/>` +
    `<path d="M-42 -118Q0 -104 42 -118Q18 -150 0 -166Q-18 -150 -42 -118Z" fill="#e7e5e4"/>` +
    `<path d="M-35 -60H35M-29 -4H29M-23 50H23" stroke="#e7e5e4" stroke-width="3"/>` +
    `<path d="M-21 84L21 84L17 122L-17 122Z" fill="#d4a373"/>` +
    `<path d="M-19 98H19M-18 110H18" stroke="#b07d4f" stroke-width="2"/></g>`
  );
}

function jar(accent: string): string {
  return (
    `<g transform="translate(200 214)">` +
    `<rect x="-74" y="-128" width="148" height="40" rx="10" fill="#1f2937"/>` +
    `<path d="M-58 -118H58M-58 -106H58M-58 -96H58" stroke="#374151" stroke-width="3"/>` +
    `<rect x="-88" y="-92" width="176" height="196" rx="36" fill="#fff" fill-opacity="0.9"/>` +
    `<rect x="-88" y="-22" width="176" height="62" fill="${accent}"/>` +
    `<circle cx="0" cy="9" r="18" fill="#fff" fill-opacity="0.85"/>` +
    `<rect x="-68" y="-74" width="14" height="150" rx="7" fill="#fff"/></g>`
  );
}

function pipe(accent: string): string {
  return (
    `<g transform="translate(196 206) rotate(-14)">` +
    `<path d="M-62 -56C-140 -56-140 64-62 64C-22 64 8 34 64 22L146 8Q160 0 146-8L64-24C16-34-22-56-62-56Z" fill="#fff" fill-opacity="0.92"/>` +
    `<path d="M-96-30C-70 0-110 30-80 52M-20-40C0 -10-30 20 0 44M40-18C60 0 40 12 70 16" stroke="${accent}" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    `<circle cx="-66" cy="4" r="30" fill="#111827" fill-opacity="0.85"/>` +
    `<circle cx="-66" cy="4" r="30" fill="none" stroke="${accent}" stroke-width="6"/></g>`
  );
}

function grinder(accent: string): string {
  const knurl = Array.from(
    { length: 36 },
    (_, i) => `<rect x="-5" y="-140" width="10" height="22" rx="3" transform="rotate(${i * 10})"/>`,
  ).join("");
  const teeth = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const ring = i % 2 === 0 ? 56 : 34;
    return `<circle cx="${r1(Math.cos(a) * ring)}" cy="${r1(Math.sin(a) * ring)}" r="9"/>`;
  }).join("");
  return (
    `<g transform="translate(200 200)"><g fill="#d1d5db">${knurl}</g>` +
    `<circle r="124" fill="#e5e7eb"/><circle r="104" fill="#9ca3af"/><circle r="90" fill="${accent}"/>` +
    `<g fill="#e5e7eb">${teeth}</g><circle r="14" fill="#f9fafb"/></g>`
  );
}

function gummy(candy: string): string {
  return (
    `<g transform="translate(200 206)"><g fill="${candy}" fill-opacity="0.95">` +
    `<circle cx="-48" cy="-120" r="24"/><circle cx="48" cy="-120" r="24"/><circle cx="0" cy="-78" r="62"/>` +
    `<ellipse cx="0" cy="42" rx="82" ry="94"/>` +
    `<ellipse cx="-84" cy="2" rx="32" ry="24" transform="rotate(-35 -84 2)"/>` +
    `<ellipse cx="84" cy="2" rx="32" ry="24" transform="rotate(35 84 2)"/>` +
    `<ellipse cx="-52" cy="128" rx="38" ry="28"/><ellipse cx="52" cy="128" rx="38" ry="28"/></g>` +
    `<ellipse cx="0" cy="52" rx="46" ry="56" fill="#fff" fill-opacity="0.2"/>` +
    `<ellipse cx="-26" cy="-102" rx="16" ry="9" fill="#fff" fill-opacity="0.6" transform="rotate(-25 -26 -102)"/>` +
    `<circle cx="-22" cy="-82" r="6" fill="#000" fill-opacity="0.35"/><circle cx="22" cy="-82" r="6" fill="#000" fill-opacity="0.35"/></g>`
  );
}

function drop(): string {
  return (
    `<g transform="translate(200 214)">` +
    `<path d="M0-144C30-84 92-34 92 38A92 92 0 0 1-92 38C-92-34-30-84 0-144Z" fill="url(#amber)"/>` +
    `<path d="M-54 34A56 56 0 0 0-22 86" stroke="#fff" stroke-opacity="0.6" stroke-width="11" fill="none" stroke-linecap="round"/>` +
    `<circle cx="-8" cy="-60" r="8" fill="#fff" fill-opacity="0.55"/></g>`
  );
}

/** A square product image: gradient by strain, soft bokeh, and a glyph for the kind of product. */
export function productArtSvg({ seed, glyph, strainType }: ArtOptions): string {
  const random = seededRandom(fnv1a(seed));
  const hue =
    (strainType ? (STRAIN_HUES[strainType] ?? NEUTRAL_HUE) : NEUTRAL_HUE) + Math.round(random() * 36 - 18);
  const dark = hslHex(hue, 55, 14);
  const light = hslHex(hue + 38, 68, 46);
  const accent = hslHex(hue + 20, 70, 42);
  const bokeh = Array.from({ length: 7 }, () => {
    const cx = r1(random() * 400);
    const cy = r1(random() * 400);
    const r = r1(18 + random() * 60);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="${r1(0.04 + random() * 0.1)}"/>`;
  }).join("");
  const art: Record<ArtGlyph, () => string> = {
    leaf: () => leaf("#f0fdf4", hslHex(hue, 45, 70)),
    cone: cone,
    jar: () => jar(accent),
    pipe: () => pipe(accent),
    grinder: () => grinder(accent),
    gummy: () => gummy(hslHex((strainType ? CANDY_HUES[strainType] : undefined) ?? hue + 150, 85, 60)),
    drop: drop,
  };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="800" height="800">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient>` +
    `<radialGradient id="glow" cx="0.5" cy="0.48" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.32"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="amber" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#d97706"/></linearGradient>` +
    `<filter id="shadow" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="0" dy="10" stdDeviation="10" flood-color="#000" flood-opacity="0.35"/></filter></defs>` +
    `<rect width="400" height="400" fill="url(#bg)"/>${bokeh}<circle cx="200" cy="196" r="170" fill="url(#glow)"/>` +
    `<g filter="url(#shadow)">${art[glyph]()}</g></svg>`
  );
}

/** The channel logo: square, but everything that matters sits inside the circle it is cropped to. */
export function channelLogoSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="512" height="512">` +
    `<defs><radialGradient id="bg" cx="0.5" cy="0.4" r="0.65"><stop offset="0" stop-color="#15803d"/><stop offset="1" stop-color="#022c22"/></radialGradient>` +
    `<linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fef3c7"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>` +
    `<rect width="400" height="400" fill="url(#bg)"/>` +
    `<circle cx="200" cy="200" r="184" fill="none" stroke="url(#gold)" stroke-width="6"/>` +
    `<circle cx="200" cy="200" r="168" fill="none" stroke="#fef3c7" stroke-opacity="0.35" stroke-width="2" stroke-dasharray="4 8"/>` +
    `<g transform="translate(200 178) scale(1.02) translate(-200 -200)">${leaf("url(#gold)", "#78350f")}</g></svg>`
  );
}
