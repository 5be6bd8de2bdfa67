import { legibilityOf, type LegibleWord, type PageLegibility } from '../readability.ts';
import type { Box } from './slide-text.ts';
import type { SlideScene } from './slide-scene.ts';

/**
 * Text size and contrast of one PowerPoint slide, from the scene the slide is drawn from (ADR 0028):
 * each run's size in points and its colour, against what is drawn behind it (the filled shape under
 * it, else the slide's background). Text over a picture has no known background and is left out of
 * the contrast. Nothing is drawn or decoded.
 */
export function measureSlide(scene: SlideScene): PageLegibility {
  const words: LegibleWord[] = [];
  for (const [index, item] of scene.items.entries()) {
    if (item.kind !== 'text') continue;
    for (const run of item.runs) {
      const size = run.style.size;
      const at = { x: run.x + size / 2, y: run.y - size / 3 };
      const background = behind(scene, index, at);
      for (const word of run.text.split(/\s+/)) {
        const letters = [...word].filter((c) => /[\p{L}\p{N}]/u.test(c)).length;
        if (letters === 0) continue;
        words.push({
          word,
          letters,
          size,
          text: [run.style.color.r, run.style.color.g, run.style.color.b],
          background,
        });
      }
    }
  }
  return legibilityOf(words, Math.max(scene.width, scene.height));
}

const inside = (box: Box, p: { x: number; y: number }) => p.x >= box.x && p.x <= box.x + box.w && p.y >= box.y && p.y <= box.y + box.h;

function insideEllipse(box: Box, p: { x: number; y: number }): boolean {
  const rx = box.w / 2;
  const ry = box.h / 2;
  if (rx <= 0 || ry <= 0) return false;
  const dx = (p.x - (box.x + rx)) / rx;
  const dy = (p.y - (box.y + ry)) / ry;
  return dx * dx + dy * dy <= 1;
}

/** The colour drawn under a point before item `index`: the topmost filled shape, a picture (unknown), or the background. */
function behind(scene: SlideScene, index: number, point: { x: number; y: number }): [number, number, number] | null {
  for (let i = index - 1; i >= 0; i--) {
    const item = scene.items[i]!;
    if (item.kind === 'picture' && inside(item.box, point)) return null;
    if (item.kind === 'shape' && item.fill && (item.geometry === 'rect' ? inside(item.box, point) : insideEllipse(item.box, point))) {
      return [item.fill.r, item.fill.g, item.fill.b];
    }
  }
  return [scene.background.r, scene.background.g, scene.background.b];
}
