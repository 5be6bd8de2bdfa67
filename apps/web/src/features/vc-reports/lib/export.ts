/** A chart's figures as a table: what its CSV holds. */
export interface ChartTable {
  header: string[];
  rows: (string | number | null)[][];
}

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is kept as text, as the pipeline's export does. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv({ header, rows }: ChartTable): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadCsv(table: ChartTable, filename: string) {
  save(new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' }), filename);
}

export interface LegendItem {
  label: string;
  color: string;
}

const SCALE = 2;
const PAD = 16;
const TITLE_PX = 16;
const LEGEND_PX = 12;
const FONT = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/**
 * The chart as a PNG: its SVG (Recharts draws one) drawn on a canvas in the browser, with the
 * chart's title above and its legend below (Recharts' legend is HTML, not part of the SVG).
 */
export async function downloadPng(svg: SVGSVGElement, { title, legend, filename }: { title: string; legend: LegendItem[]; filename: string }) {
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('font-family', FONT);
  const source = new XMLSerializer().serializeToString(clone);
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The chart could not be drawn as an image.'));
  });
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  await loaded;

  const top = PAD + TITLE_PX + PAD / 2;
  const legendRows = legend.length ? 1 : 0;
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil((width + PAD * 2) * SCALE);
  canvas.height = Math.ceil((top + height + (legendRows ? PAD + LEGEND_PX : 0) + PAD) * SCALE);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw images.');
  ctx.scale(SCALE, SCALE);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#0f172a';
  ctx.font = `600 ${TITLE_PX}px ${FONT}`;
  ctx.textBaseline = 'top';
  ctx.fillText(title, PAD, PAD);
  ctx.drawImage(image, PAD, top, width, height);
  let x = PAD;
  const y = top + height + PAD;
  ctx.font = `${LEGEND_PX}px ${FONT}`;
  for (const item of legend) {
    ctx.fillStyle = item.color;
    ctx.fillRect(x, y, LEGEND_PX - 2, LEGEND_PX - 2);
    ctx.fillStyle = '#334155';
    ctx.fillText(item.label, x + LEGEND_PX + 2, y - 1);
    x += LEGEND_PX + 10 + ctx.measureText(item.label).width;
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The chart could not be drawn as an image.');
  save(blob, filename);
}
