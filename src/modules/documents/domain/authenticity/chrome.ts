/**
 * Screenshot signal (pure): a page captured from a screen inside an application has the application's
 * window around it: toolbars, panels and buttons, drawn as flat areas of one exact colour meeting along
 * perfectly straight lines. A camera never produces such an edge (sensor noise, lens blur); a scan's margin
 * is one flat area, without a second flat area of another colour beside it. The signal counts long edges
 * between two flat bands (each at least BAND px thick) outside the document page.
 */
import type { Gray } from '../quality.ts';
import type { Rect } from './page.ts';

const BAND = 3;
/** An edge must run along this share of the image's width (or height). */
const MIN_SPAN = 0.35;

/** Positions (rows when horizontal) where a long straight edge separates two flat bands. */
function edges(img: Gray, horizontal: boolean): number[] {
  const [len, across] = horizontal ? [img.width, img.height] : [img.height, img.width];
  const at = (pos: number, i: number) => (horizontal ? img.data[pos * img.width + i]! : img.data[i * img.width + pos]!);
  const found: number[] = [];
  for (let p = BAND; p + BAND <= across; p++) {
    // Positions along the line where rows p-BAND..p-1 are one colour, p..p+BAND-1 another (exactly).
    let run = 0;
    let best = 0;
    for (let i = 0; i < len; i++) {
      const a = at(p - 1, i);
      const b = at(p, i);
      let ok = Math.abs(a - b) >= 8;
      for (let k = 2; ok && k <= BAND; k++) ok = at(p - k, i) === a && at(p + k - 1, i) === b;
      run = ok ? run + 1 : 0;
      if (run > best) best = run;
    }
    if (best >= len * MIN_SPAN && !found.some((q) => Math.abs(q - p) < BAND)) found.push(p);
  }
  return found;
}

/** Long flat-to-flat edges outside the page (the page's own straight lines are not chrome). */
export function chromeEdges(img: Gray, page: Rect): number {
  const outsideY = (y: number) => y < page.y - 2 || y > page.y + page.height + 2;
  const outsideX = (x: number) => x < page.x - 2 || x > page.x + page.width + 2;
  return edges(img, true).filter(outsideY).length + edges(img, false).filter(outsideX).length;
}

