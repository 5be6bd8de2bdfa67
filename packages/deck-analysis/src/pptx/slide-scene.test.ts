import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { makePptx } from '../testing/generate-decks.ts';
import { autoNumber, readSlideScene, type SceneItem, type SlideScene } from './slide-scene.ts';
import { layoutText, textWidth, type ParagraphSpec } from './slide-text.ts';

/**
 * The slide scene: what a slide draws and where, before PDFium sees it. Placeholders take
 * their box and text style from the layout and master, theme colours go through the
 * master's colour map, groups scale their children, tables lay out on their grid.
 */
const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PT = 12_700;
const xfrm = (x: number, y: number, w: number, h: number, extra = '') =>
  `<a:xfrm${extra}><a:off x="${x * PT}" y="${y * PT}"/><a:ext cx="${w * PT}" cy="${h * PT}"/></a:xfrm>`;
const tree = (shapes: string) =>
  `<p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shapes}</p:spTree></p:cSld>`;
const ph = (type: string, spPr: string, body = '<a:p/>') =>
  `<p:sp><p:nvSpPr><p:cNvPr id="2" name="p"/><p:cNvSpPr/><p:nvPr><p:ph type="${type}"/></p:nvPr></p:nvSpPr><p:spPr>${spPr}</p:spPr><p:txBody><a:bodyPr/><a:lstStyle/>${body}</p:txBody></p:sp>`;
const sp = (spPr: string, body = '', style = '') =>
  `<p:sp><p:nvSpPr><p:cNvPr id="3" name="s"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr>${spPr}</p:spPr>${style}${body ? `<p:txBody><a:bodyPr/><a:lstStyle/>${body}</p:txBody>` : ''}</p:sp>`;
const rels = (list: Array<[string, string, string]>) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${list
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`)
    .join('')}</Relationships>`;

const THEME = `<?xml version="1.0" encoding="UTF-8"?><a:theme ${NS} name="t"><a:themeElements><a:clrScheme name="c"><a:dk1><a:srgbClr val="111111"/></a:dk1><a:lt1><a:srgbClr val="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="222222"/></a:dk2><a:lt2><a:srgbClr val="EEEEEE"/></a:lt2><a:accent1><a:srgbClr val="FF0000"/></a:accent1><a:accent2><a:srgbClr val="00AA00"/></a:accent2></a:clrScheme></a:themeElements></a:theme>`;

/** A master (title placeholder at 40,30 600x80, title text 40 pt bold in accent2; a dark background) and a layout that inherits it. */
const MASTER = `<?xml version="1.0" encoding="UTF-8"?><p:sldMaster ${NS}><p:cSld><p:bg><p:bgPr><a:solidFill><a:schemeClr val="tx2"/></a:solidFill></p:bgPr></p:bg><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${ph(
  'title',
  xfrm(40, 30, 600, 80),
)}${sp(xfrm(0, 500, 720, 40) + '<a:prstGeom prst="rect"/><a:solidFill><a:schemeClr val="accent1"/></a:solidFill>')}</p:spTree></p:cSld><p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2"/><p:txStyles><p:titleStyle><a:lvl1pPr algn="ctr"><a:defRPr sz="4000" b="1"><a:solidFill><a:schemeClr val="accent2"/></a:solidFill></a:defRPr></a:lvl1pPr></p:titleStyle><p:bodyStyle><a:lvl1pPr><a:defRPr sz="2000"/></a:lvl1pPr></p:bodyStyle><p:otherStyle><a:lvl1pPr><a:defRPr sz="1200"/></a:lvl1pPr></p:otherStyle></p:txStyles></p:sldMaster>`;
const LAYOUT = `<?xml version="1.0" encoding="UTF-8"?><p:sldLayout ${NS}>${tree(ph('title', ''))}</p:sldLayout>`;

async function deck(slide: string, size = ''): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await makePptx([{ title: 'x' }]));
  zip.file('ppt/slides/slide1.xml', `<?xml version="1.0" encoding="UTF-8"?><p:sld ${NS}>${tree(slide)}</p:sld>`);
  zip.file('ppt/slides/_rels/slide1.xml.rels', rels([['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml']]));
  zip.file('ppt/slideLayouts/slideLayout1.xml', LAYOUT);
  zip.file(
    'ppt/slideLayouts/_rels/slideLayout1.xml.rels',
    rels([['rId1', 'slideMaster', '../slideMasters/slideMaster1.xml']]),
  );
  zip.file('ppt/slideMasters/slideMaster1.xml', MASTER);
  zip.file('ppt/slideMasters/_rels/slideMaster1.xml.rels', rels([['rId1', 'theme', '../theme/theme1.xml']]));
  zip.file('ppt/theme/theme1.xml', THEME);
  if (size) {
    const pres = (await zip.file('ppt/presentation.xml')!.async('string')).replace(/<p:sldSz[^>]*\/>/, size);
    zip.file('ppt/presentation.xml', pres);
  }
  return zip.generateAsync({ type: 'uint8array' });
}

async function scene(slide: string, size = ''): Promise<SlideScene> {
  const read = await readSlideScene(await deck(slide, size), 1);
  if ('outOfRange' in read) throw new Error('out of range');
  return read.scene;
}

const of = <K extends SceneItem['kind']>(s: SlideScene, kind: K) =>
  s.items.filter((i): i is Extract<SceneItem, { kind: K }> => i.kind === kind);
const textOf = (s: SlideScene) => of(s, 'text').flatMap((t) => t.runs);

describe('slide scene', () => {
  it('takes the slide size from sldSz and the background and shapes from the master, through the theme', async () => {
    const s = await scene('', '<p:sldSz cx="9144000" cy="6858000"/>');
    expect(s.width).toBe(720);
    expect(s.height).toBe(540);
    expect(s.background).toEqual({ r: 0x22, g: 0x22, b: 0x22 }); // tx2 -> dk2
    // The master's own rectangle is drawn (accent1); its title placeholder is not (a prompt).
    expect(of(s, 'shape')).toEqual([
      expect.objectContaining({ box: { x: 0, y: 500, w: 720, h: 40 }, fill: { r: 255, g: 0, b: 0 } }),
    ]);
    expect(textOf(s)).toEqual([]);
  });

  it('places a title placeholder in the master’s box with the master’s title style', async () => {
    const s = await scene(ph('title', '', '<a:p><a:r><a:rPr lang="en-US"/><a:t>Acme</a:t></a:r></a:p>'));
    const [run] = textOf(s);
    expect(run).toMatchObject({ text: 'Acme', style: { size: 40, bold: true, color: { r: 0, g: 0xaa, b: 0 } } });
    // Centred in the master's box (40..640, insets 7.2 pt), on the first line of the box.
    expect(run!.x + textWidth('Acme', 40, true) / 2).toBeCloseTo(340, 0);
    expect(run!.y).toBeGreaterThan(30);
    expect(run!.y).toBeLessThan(30 + 80);
  });

  it('leaves out a hidden shape', async () => {
    const red = '<a:prstGeom prst="rect"/><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill>';
    const hidden = sp(xfrm(0, 0, 50, 50) + red).replace('name="s"/>', 'name="s" hidden="1"/>');
    const shown = of(await scene(hidden + sp(xfrm(60, 0, 50, 50) + red)), 'shape').filter((i) => i.box.y === 0);
    expect(shown.map((i) => i.box.x)).toEqual([60]);
  });

  it('maps a group’s children from its child box onto its own, and turns a rotated shape', async () => {
    const child = sp(
      xfrm(0, 0, 100, 100, ' rot="5400000"') +
        '<a:prstGeom prst="rect"/><a:solidFill><a:srgbClr val="0000FF"/></a:solidFill>',
    );
    const group = `<p:grpSp><p:nvGrpSpPr><p:cNvPr id="9" name="g"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="${100 * PT}" y="${50 * PT}"/><a:ext cx="${200 * PT}" cy="${100 * PT}"/><a:chOff x="0" y="0"/><a:chExt cx="${400 * PT}" cy="${200 * PT}"/></a:xfrm></p:grpSpPr>${child}</p:grpSp>`;
    const blue = of(await scene(group), 'shape').find((i) => i.fill?.b === 255);
    expect(blue).toMatchObject({
      box: { x: 100, y: 50, w: 50, h: 50 },
      turn: { degrees: 90, flipH: false, flipV: false },
    });
  });

  it('draws a table’s cell fills and text on its grid, and a straight line with its outline', async () => {
    const cell = (t: string, fill = '') =>
      `<a:tc><a:txBody><a:bodyPr/><a:p><a:r><a:t>${t}</a:t></a:r></a:p></a:txBody><a:tcPr>${fill}</a:tcPr></a:tc>`;
    const table = `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="5" name="t"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="${100 * PT}" y="${200 * PT}"/><a:ext cx="${300 * PT}" cy="${60 * PT}"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblGrid><a:gridCol w="${100 * PT}"/><a:gridCol w="${200 * PT}"/></a:tblGrid><a:tr h="${30 * PT}">${cell('MRR', '<a:solidFill><a:srgbClr val="FFCC00"/></a:solidFill>')}${cell('$45K')}</a:tr><a:tr h="${30 * PT}">${cell('Churn')}${cell('2%')}</a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
    const line = `<p:cxnSp><p:nvCxnSpPr><p:cNvPr id="6" name="l"/><p:cNvCxnSpPr/><p:nvPr/></p:nvCxnSpPr><p:spPr>${xfrm(10, 10, 100, 0)}<a:prstGeom prst="line"/><a:ln w="25400"><a:solidFill><a:srgbClr val="336699"/></a:solidFill></a:ln></p:spPr></p:cxnSp>`;
    const s = await scene(table + line);
    expect(of(s, 'shape')).toContainEqual(
      expect.objectContaining({ box: { x: 100, y: 200, w: 100, h: 30 }, fill: { r: 255, g: 0xcc, b: 0 } }),
    );
    const runs = textOf(s);
    expect(runs.map((r) => r.text)).toEqual(['MRR', '$45K', 'Churn', '2%']);
    expect(runs[1]!.x).toBeGreaterThanOrEqual(200); // second column
    expect(runs[2]!.y).toBeGreaterThan(230); // second row
    expect(of(s, 'line')).toEqual([
      expect.objectContaining({
        box: { x: 10, y: 10, w: 100, h: 0 },
        stroke: { color: { r: 0x33, g: 0x66, b: 0x99 }, width: 2 },
      }),
    ]);
  });
});

describe('numbered lists', () => {
  it('labels items as the list type says and counts consecutive items of a level', async () => {
    expect([
      autoNumber('arabicPeriod', 3),
      autoNumber('alphaUcParenR', 28),
      autoNumber('romanLcParenBoth', 14),
    ]).toEqual(['3.', 'AB)', '(xiv)']);
    const item = (t: string, lvl = 0) =>
      `<a:p><a:pPr lvl="${lvl}" marL="${20 * PT}" indent="${-20 * PT}"><a:buAutoNum type="arabicParenR"/></a:pPr><a:r><a:t>${t}</a:t></a:r></a:p>`;
    const s = await scene(sp(xfrm(0, 0, 400, 300), item('Hire') + item('Sell') + item('Detail', 1) + item('Ship')));
    expect(textOf(s).map((r) => r.text)).toEqual(['1)', 'Hire', '2)', 'Sell', '1)', 'Detail', '3)', 'Ship']);
  });
});

describe('slide text layout', () => {
  const style = { size: 20, bold: false, italic: false, color: { r: 0, g: 0, b: 0 } };
  const para = (text: string, over: Partial<ParagraphSpec> = {}): ParagraphSpec => ({
    runs: [{ text, style }],
    align: 'l',
    marginLeft: 0,
    indent: 0,
    bullet: null,
    lineSpacing: 1,
    spaceBefore: 0,
    spaceAfter: 0,
    emptySize: 20,
    ...over,
  });
  const frame = {
    box: { x: 0, y: 0, w: 200, h: 300 },
    insets: { l: 0, t: 0, r: 0, b: 0 },
    anchor: 't' as const,
    wrap: true,
  };

  it('wraps words to the box’s width, line under line', () => {
    const runs = layoutText(frame, [para('Robots pick every order in the warehouse overnight')]);
    expect(runs.length).toBeGreaterThan(1);
    for (const r of runs) expect(r.x + textWidth(r.text, 20, false) * r.scaleX).toBeLessThanOrEqual(200.01);
    expect(runs[1]!.y - runs[0]!.y).toBeCloseTo(24, 5); // 1.2 em
  });

  it('keeps a word split across runs whole, and draws a line a little too wide condensed, not wrapped', () => {
    const word = [
      { text: 'GI', style },
      { text: 'LO', style: { ...style, color: { r: 255, g: 255, b: 255 } } },
    ];
    const narrow = { ...frame, box: { ...frame.box, w: textWidth('GILO', 20, false) / 1.1 } };
    const runs = layoutText(narrow, [{ ...para(''), runs: word }]);
    expect(runs.map((r) => r.y)).toEqual([runs[0]!.y, runs[0]!.y]);
    expect(runs[0]!.scaleX).toBeCloseTo(1 / 1.1, 3);
  });

  it('centres and bottom-anchors', () => {
    const [c] = layoutText({ ...frame, anchor: 'b' }, [para('Hi', { align: 'ctr' })]);
    expect(c!.x + textWidth('Hi', 20, false) / 2).toBeCloseTo(100, 5);
    expect(c!.y).toBeGreaterThan(270);
  });
});
