import { attr, child, kids, tagOf, type XmlNode } from './xml-tree.ts';

/**
 * DrawingML colours for the slide drawing: sRGB, theme (scheme) colours through the
 * master's colour map, system and preset colours, with the modifiers decks use most
 * (lumMod/lumOff, tint, shade). Alpha and the rarer modifiers are ignored.
 */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
export const BLACK: Rgb = { r: 0, g: 0, b: 0 };

/** Theme colours by scheme name (dk1, lt1, accent1...), aliases (tx1, bg1...) already mapped. */
export type ColorScheme = ReadonlyMap<string, Rgb>;

const PRESET: Record<string, Rgb> = {
  black: BLACK,
  white: WHITE,
  red: { r: 255, g: 0, b: 0 },
  green: { r: 0, g: 128, b: 0 },
  blue: { r: 0, g: 0, b: 255 },
  yellow: { r: 255, g: 255, b: 0 },
  gray: { r: 128, g: 128, b: 128 },
  grey: { r: 128, g: 128, b: 128 },
};

const DEFAULT_MAP: Record<string, string> = { bg1: 'lt1', tx1: 'dk1', bg2: 'lt2', tx2: 'dk2' };

/** The theme's a:clrScheme, with the master's p:clrMap aliases (bg1 -> lt1, tx1 -> dk1, ...). */
export function readColorScheme(theme: readonly XmlNode[], clrMap: XmlNode | undefined): ColorScheme {
  const base = new Map<string, Rgb>();
  const scheme = findFirst(theme, 'a:clrScheme');
  for (const entry of scheme ? kids(scheme) : []) {
    const name = tagOf(entry).replace(/^a:/, '');
    const rgb = colorOf(entry, base);
    if (rgb) base.set(name, rgb);
  }
  const out = new Map(base);
  for (const alias of Object.keys(DEFAULT_MAP)) {
    const target = (clrMap && attr(clrMap, alias)) ?? DEFAULT_MAP[alias]!;
    const rgb = base.get(target);
    if (rgb) out.set(alias, rgb);
  }
  return out;
}

function findFirst(nodes: readonly XmlNode[], tag: string): XmlNode | undefined {
  for (const n of nodes) {
    if (tagOf(n) === tag) return n;
    const found = findFirst(kids(n), tag);
    if (found) return found;
  }
  return undefined;
}

function hex(value: string | undefined): Rgb | null {
  if (!value || !/^[0-9a-f]{6}$/i.test(value)) return null;
  const n = parseInt(value, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

/**
 * The colour held by `node` (a:solidFill, a fontRef/fillRef, a clrScheme entry): its first
 * colour child. `placeholder` stands for phClr (the colour a style reference passes on).
 */
export function colorOf(node: XmlNode, scheme: ColorScheme, placeholder?: Rgb): Rgb | null {
  for (const c of kids(node)) {
    const tag = tagOf(c);
    let rgb: Rgb | null = null;
    if (tag === 'a:srgbClr') rgb = hex(attr(c, 'val'));
    else if (tag === 'a:sysClr') rgb = hex(attr(c, 'lastClr')) ?? (attr(c, 'val') === 'window' ? WHITE : BLACK);
    else if (tag === 'a:schemeClr') {
      const name = attr(c, 'val') ?? '';
      rgb = name === 'phClr' ? (placeholder ?? null) : (scheme.get(name) ?? null);
    } else if (tag === 'a:prstClr') rgb = PRESET[attr(c, 'val') ?? ''] ?? null;
    else if (tag === 'a:scrgbClr') {
      const pct = (n: string) => Math.round(Math.min(1, Math.max(0, Number(attr(c, n) ?? 0) / 100_000)) * 255);
      rgb = { r: pct('r'), g: pct('g'), b: pct('b') };
    } else continue;
    return rgb ? modify(rgb, c) : null;
  }
  return null;
}

/** A solid fill's colour, or the average of a gradient's stops (used for backgrounds). */
export function fillColor(fill: XmlNode | undefined, scheme: ColorScheme, placeholder?: Rgb): Rgb | null {
  if (!fill) return null;
  const tag = tagOf(fill);
  if (tag === 'a:solidFill') return colorOf(fill, scheme, placeholder);
  if (tag === 'a:gradFill') {
    const stops = kids(child(fill, 'a:gsLst') ?? {})
      .map((gs) => colorOf(gs, scheme, placeholder))
      .filter((c): c is Rgb => c !== null);
    if (stops.length === 0) return null;
    const mean = (k: keyof Rgb) => Math.round(stops.reduce((s, c) => s + c[k], 0) / stops.length);
    return { r: mean('r'), g: mean('g'), b: mean('b') };
  }
  return null;
}

function modify(rgb: Rgb, node: XmlNode): Rgb {
  let out = rgb;
  for (const m of kids(node)) {
    const val = Number(attr(m, 'val') ?? NaN) / 100_000;
    if (!Number.isFinite(val)) continue;
    const tag = tagOf(m);
    if (tag === 'a:lumMod' || tag === 'a:lumOff') {
      const [h, s, l] = toHsl(out);
      out = fromHsl(h, s, Math.min(1, Math.max(0, tag === 'a:lumMod' ? l * val : l + val)));
    } else if (tag === 'a:shade') out = mix(out, BLACK, val);
    else if (tag === 'a:tint') out = mix(out, WHITE, val);
  }
  return out;
}

/** `keep` of `c`, the rest `toward`. */
function mix(c: Rgb, toward: Rgb, keep: number): Rgb {
  const f = (a: number, b: number) => Math.round(a * keep + b * (1 - keep));
  return { r: f(c.r, toward.r), g: f(c.g, toward.g), b: f(c.b, toward.b) };
}

function toHsl({ r, g, b }: Rgb): [number, number, number] {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === R ? (G - B) / d + (G < B ? 6 : 0) : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return [h / 6, s, l];
}

function fromHsl(h: number, s: number, l: number): Rgb {
  if (s === 0) {
    const v = Math.round(l * 255);
    return { r: v, g: v, b: v };
  }
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = u < 1 / 6 ? p + (q - p) * 6 * u : u < 1 / 2 ? q : u < 2 / 3 ? p + (q - p) * (2 / 3 - u) * 6 : p;
    return Math.round(v * 255);
  };
  return { r: channel(h + 1 / 3), g: channel(h), b: channel(h - 1 / 3) };
}
