// An open passport held for the camera shows two pages: the data page and the page facing it.
// Opened flat with the data page the right way up, the booklet is a rectangle as tall as two
// pages (125 x 176 mm, the same 1.41 proportion as one page, turned). When the two pages are
// not told apart by a visible fold, the finder returns the booklet; the page the person holds in
// the guide is then the half nearest the guide's centre.
import type { CardQuad, NormRect, Point } from './types';

const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const len = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * The half of `quad` in the guide when the quad stands upright (taller than wide, px) while the
 * guide lies across (a card or a passport page): an open booklet. Otherwise the quad itself.
 */
export function pageInGuide(quad: CardQuad, guide: NormRect, w: number, h: number): CardQuad {
  const [tl, tr, br, bl] = quad.corners;
  const width = (len(tl, tr) + len(bl, br)) / 2;
  const height = (len(tl, bl) + len(tr, br)) / 2;
  const guideLies = guide.width * w > guide.height * h;
  // One page of a booklet is itself wider than tall: an upright quad of about two pages' proportion.
  if (!guideLies || height < 1.25 * width || height > 1.6 * width) return quad;
  const ml = mid(tl, bl);
  const mr = mid(tr, br);
  // The facing page may be cut by the frame's edge while the data page is whole: judge each half.
  const atBorder = (ps: Point[]) => ps.some((p) => p.x <= 1 || p.y <= 1 || p.x >= w - 2 || p.y >= h - 2);
  const top: CardQuad = { corners: [tl, tr, mr, ml], area: quad.area / 2, touchesBorder: atBorder([tl, tr]) };
  const bottom: CardQuad = { corners: [ml, mr, br, bl], area: quad.area / 2, touchesBorder: atBorder([br, bl]) };
  const gx = (guide.x + guide.width / 2) * w;
  const gy = (guide.y + guide.height / 2) * h;
  const off = (q: CardQuad) => {
    const c = q.corners.reduce((s, p) => ({ x: s.x + p.x / 4, y: s.y + p.y / 4 }), { x: 0, y: 0 });
    return Math.hypot(c.x - gx, c.y - gy);
  };
  return off(top) <= off(bottom) ? top : bottom;
}
