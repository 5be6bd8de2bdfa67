import { DeckError } from '../errors.ts';
import { LIMITS } from '../limits.ts';
import { pictureFits } from '../read/image-size.ts';
import { BLACK, colorOf, fillColor, readColorScheme, WHITE, type ColorScheme, type Rgb } from './drawing-color.ts';
import { openPptx, type PptxPackage, type Rel } from './pptx-package.ts';
import {
  layoutText,
  type Box,
  type ParagraphSpec,
  type PlacedRun,
  type StyledRun,
  type TextFrame,
  type TextStyle,
} from './slide-text.ts';
import { attr, child, children, descendants, kids, tagOf, textOf, type XmlNode } from './xml-tree.ts';

/**
 * One slide of a .pptx as a list of things to draw, in z-order, in points from the
 * slide's top-left corner: the background, the master's and layout's own shapes, then
 * the slide's shapes (rectangles, ellipses and straight lines with solid fills and
 * outlines, text laid out in its shape, pictures in their boxes, tables on their grid),
 * turned and mirrored as the slide says. Placeholders take their position and text style
 * from the layout and master, colours go through the theme. Charts, SmartArt, other
 * geometries' outlines and effects are not drawn (docs/decisions/0028).
 */
export type SceneItem =
  | {
      kind: 'shape';
      box: Box;
      geometry: 'rect' | 'ellipse';
      fill: Rgb | null;
      stroke: Stroke | null;
      turn: Turn | null;
    }
  /** A straight line from the box's top-left to its bottom-right corner (flips choose other corners). */
  | { kind: 'line'; box: Box; stroke: Stroke; turn: Turn | null }
  /** Text turns with its shape (about `box`'s centre) but is never mirrored. */
  | { kind: 'text'; runs: PlacedRun[]; box: Box; turn: Turn | null }
  | { kind: 'picture'; box: Box; format: 'png' | 'jpeg'; bytes: Uint8Array; crop: Crop | null; turn: Turn | null };

export interface Stroke {
  color: Rgb;
  width: number;
}

/** A shape's rotation (degrees clockwise) and mirroring, about its box's centre. */
export interface Turn {
  degrees: number;
  flipH: boolean;
  flipV: boolean;
}

/** Where a shape is: its box on the slide, turned or not. */
interface Placement {
  box: Box;
  turn: Turn | null;
}

/** Fractions of the picture cut off each side (a:srcRect). */
export interface Crop {
  l: number;
  t: number;
  r: number;
  b: number;
}

export interface SlideScene {
  /** Points. */
  width: number;
  height: number;
  background: Rgb;
  items: SceneItem[];
}

export const SLIDE_DRAWING = {
  /** Shapes, text pieces and pictures drawn on one slide before it counts as too complex. */
  maxObjects: 5_000,
  /** Pictures decoded for one slide. */
  maxPictures: 100,
} as const;

const EMU_PER_PT = 12_700;
/** PowerPoint's default slide (10 x 7.5 in) when presentation.xml names no size. */
const DEFAULT_SIZE = { cx: 9_144_000, cy: 6_858_000 };
const DEFAULT_FONT_PT = 18;

export interface SceneOptions {
  maxImagePixels?: number;
}

/** Slide `page` (1-based) of a .pptx, or the slide count when it has no such slide. */
export async function readSlideScene(
  bytes: Uint8Array,
  page: number,
  options: SceneOptions = {},
): Promise<{ scene: SlideScene; pages: number } | { outOfRange: true; pages: number }> {
  const { pkg, presentation, slideParts } = await openPptx(bytes);
  const pages = slideParts.length;
  if (pages > LIMITS.maxPages)
    throw new DeckError(
      'too_many_pages',
      `This presentation has ${pages} slides; we draw decks of at most ${LIMITS.maxPages}.`,
    );
  if (page < 1 || page > pages) return { outOfRange: true, pages };
  const size = [...descendants(presentation, 'p:sldSz')][0];
  const cx = positive(attr(size ?? {}, 'cx')) ?? DEFAULT_SIZE.cx;
  const cy = positive(attr(size ?? {}, 'cy')) ?? DEFAULT_SIZE.cy;
  const defaults = [...descendants(presentation, 'p:defaultTextStyle')][0];
  const builder = await SceneBuilder.open(
    pkg,
    slideParts[page - 1]!,
    defaults,
    options.maxImagePixels ?? LIMITS.maxImagePixels,
  );
  const scene: SlideScene = { width: cx / EMU_PER_PT, height: cy / EMU_PER_PT, background: WHITE, items: [] };
  await builder.draw(scene);
  return { scene, pages };
}

function positive(v: string | undefined): number | undefined {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

function num(v: string | undefined, fallback: number): number {
  const n = Number(v);
  return v !== undefined && Number.isFinite(n) ? n : fallback;
}

/** A slide, layout or master part: its XML, relationships and placeholders. */
interface Part {
  name: string;
  root: XmlNode[];
  rels: Map<string, Rel>;
  tree: XmlNode | undefined;
  placeholders: Array<{ type: string; idx: string | undefined; node: XmlNode }>;
}

/** Maps child coordinates (EMU) to slide points: x * sx + tx. */
interface Transform {
  sx: number;
  sy: number;
  tx: number;
  ty: number;
}
const SLIDE_TRANSFORM: Transform = { sx: 1 / EMU_PER_PT, sy: 1 / EMU_PER_PT, tx: 0, ty: 0 };

type TextClass = 'title' | 'body' | 'other';

function phOf(shape: XmlNode): { type: string; idx: string | undefined } | undefined {
  for (const nv of ['p:nvSpPr', 'p:nvPicPr', 'p:nvGraphicFramePr']) {
    const ph = child(child(child(shape, nv) ?? {}, 'p:nvPr') ?? {}, 'p:ph');
    if (ph) return { type: attr(ph, 'type') ?? 'obj', idx: attr(ph, 'idx') };
  }
  return undefined;
}

/** A shape hidden in PowerPoint's selection pane (cNvPr hidden="1") is not drawn. */
function isHidden(shape: XmlNode): boolean {
  const nv = kids(shape).find((k) => /^p:nv\w+Pr$/.test(tagOf(k)));
  const cNvPr = nv && child(nv, 'p:cNvPr');
  return !!cNvPr && (attr(cNvPr, 'hidden') === '1' || attr(cNvPr, 'hidden') === 'true');
}

const TITLE_TYPES = new Set(['title', 'ctrTitle']);
const BODY_TYPES = new Set(['body', 'obj', 'subTitle']);
const sameKind = (a: string, b: string) =>
  a === b || (TITLE_TYPES.has(a) && TITLE_TYPES.has(b)) || (BODY_TYPES.has(a) && BODY_TYPES.has(b));

function textClass(type: string | undefined): TextClass {
  if (type === undefined) return 'other';
  return TITLE_TYPES.has(type) ? 'title' : 'body';
}

class SceneBuilder {
  private objects = 0;
  private pictures = 0;

  private constructor(
    private readonly pkg: PptxPackage,
    private readonly slide: Part,
    private readonly layout: Part | null,
    private readonly master: Part | null,
    private readonly scheme: ColorScheme,
    private readonly txStyles: Record<TextClass, XmlNode | undefined>,
    private readonly maxImagePixels: number,
  ) {}

  static async open(
    pkg: PptxPackage,
    slidePart: string,
    defaults: XmlNode | undefined,
    maxImagePixels: number,
  ): Promise<SceneBuilder> {
    const slide = await readPart(pkg, slidePart);
    const layoutName = relTarget(slide.rels, '/slideLayout');
    const layout = layoutName && pkg.has(layoutName) ? await readPart(pkg, layoutName) : null;
    const masterName = layout ? relTarget(layout.rels, '/slideMaster') : undefined;
    const master = masterName && pkg.has(masterName) ? await readPart(pkg, masterName) : null;
    const themeName = master ? relTarget(master.rels, '/theme') : undefined;
    const theme = themeName && pkg.has(themeName) ? await pkg.xml(themeName) : [];
    const clrMap = master ? [...descendants(master.root, 'p:clrMap')][0] : undefined;
    const styles = master ? [...descendants(master.root, 'p:txStyles')][0] : undefined;
    return new SceneBuilder(
      pkg,
      slide,
      layout,
      master,
      readColorScheme(theme, clrMap),
      {
        title: styles && child(styles, 'p:titleStyle'),
        body: styles && child(styles, 'p:bodyStyle'),
        other: (styles && child(styles, 'p:otherStyle')) ?? defaults,
      },
      maxImagePixels,
    );
  }

  async draw(scene: SlideScene): Promise<void> {
    await this.background(scene);
    const showMaster = (part: Part | null) =>
      attr(part?.root.find((n) => tagOf(n) !== '?xml') ?? {}, 'showMasterSp') !== '0';
    if (showMaster(this.slide)) {
      if (this.master && showMaster(this.layout))
        await this.shapes(scene, this.master, kids(this.master.tree ?? {}), SLIDE_TRANSFORM, false);
      if (this.layout) await this.shapes(scene, this.layout, kids(this.layout.tree ?? {}), SLIDE_TRANSFORM, false);
    }
    await this.shapes(scene, this.slide, kids(this.slide.tree ?? {}), SLIDE_TRANSFORM, true);
  }

  private count(n = 1): void {
    this.objects += n;
    if (this.objects > SLIDE_DRAWING.maxObjects)
      throw new DeckError('too_complex', 'This slide holds too many shapes to draw.');
  }

  /** The first background of slide, layout, master: a colour (a gradient's average) or a picture over the whole slide. */
  private async background(scene: SlideScene): Promise<void> {
    for (const part of [this.slide, this.layout, this.master]) {
      const bg = part && [...descendants(part.root, 'p:bg')][0];
      if (!part || !bg) continue;
      const bgPr = child(bg, 'p:bgPr');
      if (bgPr) {
        const blip = child(bgPr, 'a:blipFill');
        if (blip) {
          await this.picture(scene, part, blip, { box: { x: 0, y: 0, w: scene.width, h: scene.height }, turn: null });
          return;
        }
        const color = kids(bgPr)
          .map((f) => fillColor(f, this.scheme))
          .find((c) => c !== null);
        if (color) scene.background = color;
        return;
      }
      const ref = child(bg, 'p:bgRef');
      if (ref) {
        scene.background = colorOf(ref, this.scheme) ?? WHITE;
        return;
      }
    }
  }

  private async shapes(
    scene: SlideScene,
    part: Part,
    nodes: readonly XmlNode[],
    t: Transform,
    placeholders: boolean,
  ): Promise<void> {
    for (const node of nodes) {
      const tag = tagOf(node);
      if (isHidden(node)) continue;
      if (tag === 'p:sp' || tag === 'p:cxnSp') {
        const ph = phOf(node);
        // A layout's or master's placeholders are prompts ('Click to add title'): only a slide's are drawn.
        if (ph && !placeholders) continue;
        this.count();
        await this.shape(scene, part, node, t, ph);
      } else if (tag === 'p:pic') {
        if (phOf(node) && !placeholders) continue;
        const placed = this.placementOf(node, t, part === this.slide ? phOf(node) : undefined);
        const blip = [...descendants([node], 'p:blipFill'), ...descendants([node], 'a:blipFill')][0];
        if (placed && blip) await this.picture(scene, part, blip, placed);
      } else if (tag === 'p:graphicFrame') {
        const table = [...descendants([node], 'a:tbl')][0];
        const placed = table && placementOf(child(node, 'p:xfrm'), t);
        if (table && placed) this.table(scene, table, placed.box);
      } else if (tag === 'p:grpSp') {
        this.count();
        await this.shapes(scene, part, kids(node), groupTransform(node, t), placeholders);
      } else if (tag === 'mc:AlternateContent') {
        const choice = child(node, 'mc:Choice') ?? child(node, 'mc:Fallback');
        if (choice) await this.shapes(scene, part, kids(choice), t, placeholders);
      }
      // Charts and SmartArt (other graphic frames) and p:contentPart are not drawn.
    }
  }

  /** The placeholders a slide shape inherits from: the layout's, then the master's. */
  private inherited(ph: { type: string; idx: string | undefined } | undefined): XmlNode[] {
    if (!ph) return [];
    const out: XmlNode[] = [];
    const fromLayout =
      (ph.idx !== undefined ? this.layout?.placeholders.find((p) => p.idx === ph.idx) : undefined) ??
      this.layout?.placeholders.find((p) => p.type === ph.type) ??
      this.layout?.placeholders.find((p) => sameKind(p.type, ph.type));
    if (fromLayout) out.push(fromLayout.node);
    const type = fromLayout ? (phOf(fromLayout.node)?.type ?? ph.type) : ph.type;
    const fromMaster =
      this.master?.placeholders.find((p) => p.type === type) ??
      this.master?.placeholders.find((p) => sameKind(p.type, type));
    if (fromMaster) out.push(fromMaster.node);
    return out;
  }

  private placementOf(
    node: XmlNode,
    t: Transform,
    ph: { type: string; idx: string | undefined } | undefined,
  ): Placement | null {
    const own = placementOf(shapeXfrm(node), t);
    if (own) return own;
    for (const from of this.inherited(ph)) {
      const inherited = placementOf(shapeXfrm(from), SLIDE_TRANSFORM);
      if (inherited) return inherited;
    }
    return null;
  }

  /** A table (a:tbl): its cells' fills and text, on the grid of its columns and rows. Table styles are not applied. */
  private table(scene: SlideScene, table: XmlNode, box: Box): void {
    const grid = children(child(table, 'a:tblGrid') ?? {}, 'a:gridCol').map((c) => num(attr(c, 'w'), 0));
    const total = grid.reduce((a, b) => a + b, 0);
    if (total <= 0) return;
    const kx = box.w / total;
    const rows = children(table, 'a:tr');
    const heights = rows.map((r) => num(attr(r, 'h'), 0));
    const ky = heights.reduce((a, b) => a + b, 0) > 0 ? box.h / heights.reduce((a, b) => a + b, 0) : 0;
    let y = box.y;
    rows.forEach((row, r) => {
      let col = 0;
      const h = heights[r]! * ky;
      for (const tc of children(row, 'a:tc')) {
        const span = Math.max(1, num(attr(tc, 'gridSpan'), 1));
        const x = box.x + grid.slice(0, col).reduce((a, b) => a + b, 0) * kx;
        const w = grid.slice(col, col + span).reduce((a, b) => a + b, 0) * kx;
        col += span;
        if (attr(tc, 'hMerge') === '1' || attr(tc, 'vMerge') === '1') continue;
        this.count();
        const cell = { x, y, w, h };
        const tcPr = child(tc, 'a:tcPr') ?? {};
        const fill = child(tcPr, 'a:solidFill');
        const color = fill ? colorOf(fill, this.scheme) : null;
        if (color)
          scene.items.push({ kind: 'shape', box: cell, geometry: 'rect', fill: color, stroke: null, turn: null });
        const body = child(tc, 'a:txBody');
        if (!body) continue;
        const inset = (name: string, fallback: number) => num(attr(tcPr, name), fallback) / EMU_PER_PT;
        const anchor = attr(tcPr, 'anchor');
        const frame: TextFrame = {
          box: cell,
          insets: {
            l: inset('marL', 91_440),
            t: inset('marT', 45_720),
            r: inset('marR', 91_440),
            b: inset('marB', 45_720),
          },
          anchor: anchor === 'ctr' ? 'ctr' : anchor === 'b' ? 'b' : 't',
          wrap: true,
        };
        const runs = layoutText(frame, this.paragraphs(body, [], 'other', undefined));
        this.count(runs.length);
        if (runs.length > 0) scene.items.push({ kind: 'text', runs, box: cell, turn: null });
      }
      y += h;
    });
  }

  private async shape(
    scene: SlideScene,
    part: Part,
    node: XmlNode,
    t: Transform,
    ph: { type: string; idx: string | undefined } | undefined,
  ): Promise<void> {
    const spPr = child(node, 'p:spPr') ?? {};
    const style = child(node, 'p:style');
    const placed =
      this.placementOf(node, t, part === this.slide ? ph : undefined) ??
      (child(node, 'p:txBody') ? { box: { x: 0, y: 0, w: scene.width, h: scene.height }, turn: null } : null);
    if (!placed) return;
    const { box, turn } = placed;
    const blip = child(spPr, 'a:blipFill');
    if (blip) await this.picture(scene, part, blip, placed);
    const geometry = geometryOf(spPr);
    if (geometry === 'line') {
      const stroke = this.shapeStroke(spPr, style);
      if (stroke) scene.items.push({ kind: 'line', box, stroke, turn });
    } else if (geometry) {
      const fill = this.shapeFill(spPr, style);
      const stroke = this.shapeStroke(spPr, style);
      if (fill || stroke) scene.items.push({ kind: 'shape', box, geometry, fill, stroke, turn });
    }
    const body = child(node, 'p:txBody');
    if (body) {
      const from = part === this.slide ? this.inherited(ph) : [];
      const runs = layoutText(this.frame(body, box, from), this.paragraphs(body, from, textClass(ph?.type), style));
      this.count(runs.length);
      const textTurn = turn && turn.degrees !== 0 ? { degrees: turn.degrees, flipH: false, flipV: false } : null;
      if (runs.length > 0) scene.items.push({ kind: 'text', runs, box, turn: textTurn });
    }
  }

  private shapeFill(spPr: XmlNode, style: XmlNode | undefined): Rgb | null {
    for (const f of kids(spPr)) {
      const tag = tagOf(f);
      if (
        tag === 'a:noFill' ||
        tag === 'a:gradFill' ||
        tag === 'a:pattFill' ||
        tag === 'a:blipFill' ||
        tag === 'a:grpFill'
      )
        return null;
      if (tag === 'a:solidFill') return colorOf(f, this.scheme);
    }
    const ref = style && child(style, 'a:fillRef');
    return ref && num(attr(ref, 'idx'), 0) > 0 ? colorOf(ref, this.scheme) : null;
  }

  private shapeStroke(spPr: XmlNode, style: XmlNode | undefined): Stroke | null {
    const ln = child(spPr, 'a:ln');
    const width = Math.max(0.25, num(ln && attr(ln, 'w'), EMU_PER_PT) / EMU_PER_PT);
    if (ln) {
      if (child(ln, 'a:noFill')) return null;
      const solid = child(ln, 'a:solidFill');
      if (solid) {
        const color = colorOf(solid, this.scheme);
        return color ? { color, width } : null;
      }
    }
    const ref = style && child(style, 'a:lnRef');
    const color = ref && num(attr(ref, 'idx'), 0) > 0 ? colorOf(ref, this.scheme) : null;
    return color ? { color, width } : null;
  }

  private frame(body: XmlNode, box: Box, from: readonly XmlNode[]): TextFrame {
    const bodyPrs = [child(body, 'a:bodyPr'), ...from.map((n) => child(child(n, 'p:txBody') ?? {}, 'a:bodyPr'))].filter(
      (b): b is XmlNode => !!b,
    );
    const get = (name: string) => bodyPrs.map((b) => attr(b, name)).find((v) => v !== undefined);
    const inset = (name: string, fallback: number) => num(get(name), fallback) / EMU_PER_PT;
    const anchor = get('anchor');
    return {
      box,
      insets: {
        l: inset('lIns', 91_440),
        t: inset('tIns', 45_720),
        r: inset('rIns', 91_440),
        b: inset('bIns', 45_720),
      },
      anchor: anchor === 'ctr' ? 'ctr' : anchor === 'b' ? 'b' : 't',
      wrap: get('wrap') !== 'none',
    };
  }

  private paragraphs(
    body: XmlNode,
    from: readonly XmlNode[],
    cls: TextClass,
    style: XmlNode | undefined,
  ): ParagraphSpec[] {
    const autofit = child(child(body, 'a:bodyPr') ?? {}, 'a:normAutofit');
    const fontScale = num(autofit && attr(autofit, 'fontScale'), 100_000) / 100_000;
    const spacingCut = num(autofit && attr(autofit, 'lnSpcReduction'), 0) / 100_000;
    const fontRef = style && child(style, 'a:fontRef');
    const refColor = fontRef ? colorOf(fontRef, this.scheme) : null;
    const lists = [child(body, 'a:lstStyle'), ...from.map((n) => child(child(n, 'p:txBody') ?? {}, 'a:lstStyle'))];
    const numbering = new Map<number, number>();
    return children(body, 'a:p').map((p) => {
      const pPr = child(p, 'a:pPr');
      const level = Math.min(8, Math.max(0, num(pPr && attr(pPr, 'lvl'), 0)));
      const lvl = `a:lvl${level + 1}pPr`;
      // Paragraph properties, most specific first: the paragraph, its shape's list style,
      // the layout's and master's placeholder, the master's text styles.
      const levels = [
        pPr,
        ...lists.map((l) => l && child(l, lvl)),
        this.txStyles[cls] && child(this.txStyles[cls]!, lvl),
      ].filter((n): n is XmlNode => !!n);
      const pAttr = (name: string) => levels.map((n) => attr(n, name)).find((v) => v !== undefined);
      const pChild = (...tags: string[]) =>
        levels.map((n) => kids(n).find((k) => tags.includes(tagOf(k)))).find((k) => k !== undefined);
      const defs = levels.map((n) => child(n, 'a:defRPr')).filter((n): n is XmlNode => !!n);
      const styleOf = (rPr: XmlNode | undefined): TextStyle => {
        const props = [rPr, ...defs].filter((n): n is XmlNode => !!n);
        const rAttr = (name: string) => props.map((n) => attr(n, name)).find((v) => v !== undefined);
        const fill = props.map((n) => child(n, 'a:solidFill')).find((n) => n !== undefined);
        const color = (fill && colorOf(fill, this.scheme)) ?? refColor ?? this.scheme.get('tx1') ?? BLACK;
        return {
          size: (num(rAttr('sz'), DEFAULT_FONT_PT * 100) / 100) * fontScale,
          bold: rAttr('b') === '1' || rAttr('b') === 'true',
          italic: rAttr('i') === '1' || rAttr('i') === 'true',
          color,
        };
      };
      const runs: StyledRun[] = [];
      for (const k of kids(p)) {
        const tag = tagOf(k);
        if (tag === 'a:r' || tag === 'a:fld') {
          const rPr = child(k, 'a:rPr');
          let text = children(k, 'a:t')
            .flatMap((t) => kids(t).map(textOf))
            .join('');
          const caps = rPr && attr(rPr, 'cap');
          if (caps === 'all' || caps === 'small') text = text.toUpperCase();
          if (text !== '') runs.push({ text: text.replace(/\t/g, ' '), style: styleOf(rPr) });
        } else if (tag === 'a:br') runs.push({ text: '\n', style: styleOf(child(k, 'a:rPr')) });
      }
      const endStyle = styleOf(child(p, 'a:endParaRPr'));
      const bulletNode = pChild('a:buNone', 'a:buChar', 'a:buAutoNum');
      const hasText = runs.some((r) => r.text.trim() !== '');
      let bullet: StyledRun | null = null;
      const kind = bulletNode ? tagOf(bulletNode) : 'a:buNone';
      // Numbering counts consecutive numbered paragraphs of a level; a shallower paragraph restarts deeper levels.
      for (const deeper of [...numbering.keys()])
        if (deeper > level || (deeper === level && kind !== 'a:buAutoNum')) numbering.delete(deeper);
      if (hasText && bulletNode && (kind === 'a:buChar' || kind === 'a:buAutoNum')) {
        const first = runs[0]!.style;
        const buColor = pChild('a:buClr');
        let text: string;
        if (kind === 'a:buAutoNum') {
          const n = numbering.get(level) ?? Math.max(1, num(attr(bulletNode, 'startAt'), 1)) - 1;
          numbering.set(level, n + 1);
          text = autoNumber(attr(bulletNode, 'type') ?? 'arabicPeriod', n + 1);
        } else {
          const font = attr(pChild('a:buFont') ?? {}, 'typeface') ?? '';
          const ch = attr(bulletNode, 'char') ?? '•';
          text = /wingdings|symbol|webdings/i.test(font) || ch.codePointAt(0)! > 0x2122 ? '•' : ch;
        }
        bullet = { text, style: { ...first, color: (buColor && colorOf(buColor, this.scheme)) ?? first.color } };
      }
      const spacing = (tag: string, size: number) => {
        const node = pChild(tag);
        const pts = node && child(node, 'a:spcPts');
        const pct = node && child(node, 'a:spcPct');
        if (pts) return num(attr(pts, 'val'), 0) / 100;
        if (pct) return (num(attr(pct, 'val'), 0) / 100_000) * size;
        return 0;
      };
      const size = runs[0]?.style.size ?? endStyle.size;
      const lnSpc = pChild('a:lnSpc');
      const lnPct = lnSpc && child(lnSpc, 'a:spcPct');
      const lnPts = lnSpc && child(lnSpc, 'a:spcPts');
      const lineSpacing = lnPts
        ? num(attr(lnPts, 'val'), 100 * size * 1.2) / 100 / (size * 1.2)
        : num(lnPct && attr(lnPct, 'val'), 100_000) / 100_000;
      const algn = pAttr('algn');
      return {
        runs,
        align: algn === 'ctr' || algn === 'dist' ? 'ctr' : algn === 'r' ? 'r' : 'l',
        marginLeft: num(pAttr('marL'), 0) / EMU_PER_PT,
        indent: num(pAttr('indent'), 0) / EMU_PER_PT,
        bullet,
        lineSpacing: Math.max(0.5, lineSpacing * (1 - spacingCut)),
        spaceBefore: spacing('a:spcBef', size),
        spaceAfter: spacing('a:spcAft', size),
        emptySize: endStyle.size,
      } satisfies ParagraphSpec;
    });
  }

  /** A picture (a:blip r:embed -> the part's relationship -> ppt/media) in `box`: PNG and JPEG only. */
  private async picture(scene: SlideScene, part: Part, blipFill: XmlNode, { box, turn }: Placement): Promise<void> {
    const blip = child(blipFill, 'a:blip');
    const target = part.rels.get(attr(blip ?? {}, 'r:embed') ?? '')?.target;
    if (!target || !this.pkg.has(target) || box.w <= 0 || box.h <= 0) return;
    if (++this.pictures > SLIDE_DRAWING.maxPictures)
      throw new DeckError('too_complex', 'This slide holds too many pictures to draw.');
    this.count();
    const bytes = await this.pkg.bytes(target);
    const format =
      bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47
        ? 'png'
        : bytes[0] === 0xff && bytes[1] === 0xd8
          ? 'jpeg'
          : null;
    // Measured from its header before anything decodes it; too big a picture refuses the slide, as for PDF pages.
    if (!format || !pictureFits(bytes, this.maxImagePixels)) return;
    const src = child(blipFill, 'a:srcRect');
    const frac = (name: string) => Math.min(0.99, Math.max(0, num(src && attr(src, name), 0) / 100_000));
    const crop = src ? { l: frac('l'), t: frac('t'), r: frac('r'), b: frac('b') } : null;
    scene.items.push({
      kind: 'picture',
      box,
      format,
      bytes,
      crop: crop && crop.l + crop.r < 1 && crop.t + crop.b < 1 ? crop : null,
      turn,
    });
  }
}

async function readPart(pkg: PptxPackage, name: string): Promise<Part> {
  const root = await pkg.xml(name);
  const rels = await pkg.rels(name);
  const tree = [...descendants(root, 'p:spTree')][0];
  const placeholders: Part['placeholders'] = [];
  for (const node of kids(tree ?? {})) {
    const ph = phOf(node);
    if (ph) placeholders.push({ ...ph, node });
  }
  return { name, root, rels, tree, placeholders };
}

function relTarget(rels: Map<string, Rel>, suffix: string): string | undefined {
  for (const rel of rels.values()) if (rel.type.endsWith(suffix)) return rel.target;
  return undefined;
}

/** A shape's a:xfrm (in p:spPr, or p:grpSpPr for a group). */
function shapeXfrm(node: XmlNode): XmlNode | undefined {
  const spPr = child(node, 'p:spPr') ?? child(node, 'p:grpSpPr');
  return spPr && child(spPr, 'a:xfrm');
}

/** An a:xfrm or p:xfrm (off, ext, rot in 1/60000 degree, flips) on the slide, through the groups' transform. */
function placementOf(xfrm: XmlNode | undefined, t: Transform): Placement | null {
  const off = xfrm && child(xfrm, 'a:off');
  const ext = xfrm && child(xfrm, 'a:ext');
  if (!xfrm || !off || !ext) return null;
  const box = {
    x: num(attr(off, 'x'), 0) * t.sx + t.tx,
    y: num(attr(off, 'y'), 0) * t.sy + t.ty,
    w: Math.max(0, num(attr(ext, 'cx'), 0)) * t.sx,
    h: Math.max(0, num(attr(ext, 'cy'), 0)) * t.sy,
  };
  const degrees = (num(attr(xfrm, 'rot'), 0) / 60_000) % 360;
  const flipH = attr(xfrm, 'flipH') === '1';
  const flipV = attr(xfrm, 'flipV') === '1';
  return { box, turn: degrees !== 0 || flipH || flipV ? { degrees, flipH, flipV } : null };
}

/** A group maps its children's box (chOff, chExt) onto its own (off, ext). */
function groupTransform(group: XmlNode, parent: Transform): Transform {
  const xfrm = child(child(group, 'p:grpSpPr') ?? {}, 'a:xfrm');
  const off = xfrm && child(xfrm, 'a:off');
  const ext = xfrm && child(xfrm, 'a:ext');
  const chOff = xfrm && child(xfrm, 'a:chOff');
  const chExt = xfrm && child(xfrm, 'a:chExt');
  if (!off || !ext || !chOff || !chExt) return parent;
  const scale = (e: string | undefined, c: string | undefined) => {
    const full = num(c, 0);
    return full > 0 ? num(e, 0) / full : 1;
  };
  const kx = scale(attr(ext, 'cx'), attr(chExt, 'cx'));
  const ky = scale(attr(ext, 'cy'), attr(chExt, 'cy'));
  const ox = num(attr(off, 'x'), 0) - num(attr(chOff, 'x'), 0) * kx;
  const oy = num(attr(off, 'y'), 0) - num(attr(chOff, 'y'), 0) * ky;
  return { sx: parent.sx * kx, sy: parent.sy * ky, tx: parent.sx * ox + parent.tx, ty: parent.sy * oy + parent.ty };
}

const RECTS = new Set([
  'rect',
  'roundRect',
  'snip1Rect',
  'snip2SameRect',
  'round1Rect',
  'round2SameRect',
  'flowChartProcess',
  'flowChartAlternateProcess',
]);

/** The outline drawn: rectangles (rounded ones drawn square), ellipses, straight lines; other geometries draw only their text. */
function geometryOf(spPr: XmlNode): 'rect' | 'ellipse' | 'line' | null {
  const prst = attr(child(spPr, 'a:prstGeom') ?? {}, 'prst');
  if (prst === 'ellipse' || prst === 'flowChartConnector') return 'ellipse';
  if (prst === 'line' || prst === 'straightConnector1') return 'line';
  return prst !== undefined && RECTS.has(prst) ? 'rect' : null;
}

/** The label of item `n` of a numbered list (a:buAutoNum type): 1. 1) (1) a. A) i. and the like. */
export function autoNumber(type: string, n: number): string {
  const roman = (v: number) => {
    let out = '';
    for (const [value, numeral] of [
      [1000, 'm'],
      [900, 'cm'],
      [500, 'd'],
      [400, 'cd'],
      [100, 'c'],
      [90, 'xc'],
      [50, 'l'],
      [40, 'xl'],
      [10, 'x'],
      [9, 'ix'],
      [5, 'v'],
      [4, 'iv'],
      [1, 'i'],
    ] as const) {
      for (; v >= value; v -= value) out += numeral;
    }
    return out;
  };
  const alpha = (v: number) => {
    let out = '';
    for (let k = v; k > 0; k = Math.floor((k - 1) / 26)) out = String.fromCharCode(97 + ((k - 1) % 26)) + out;
    return out;
  };
  const m = /^(arabic|alphaLc|alphaUc|romanLc|romanUc)(Period|ParenR|ParenBoth|Plain)$/.exec(type);
  if (!m) return `${n}.`;
  const [, style, punctuation] = m;
  const label = style === 'arabic' ? String(n) : style!.startsWith('alpha') ? alpha(n) : roman(n);
  const cased = style!.endsWith('Uc') ? label.toUpperCase() : label;
  return punctuation === 'Period'
    ? `${cased}.`
    : punctuation === 'ParenR'
      ? `${cased})`
      : punctuation === 'ParenBoth'
        ? `(${cased})`
        : cased;
}
