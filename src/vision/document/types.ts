// Shapes of the document finder, shared by the browser's Worker and the server (pure data).

/** A point in 0..1 of the analysed image's width (x) and height (y). */
export interface NormPoint {
  x: number;
  y: number;
}

/** A rectangle in 0..1 of the analysed image's width and height. */
export interface NormRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One byte of luma per pixel, row by row. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * What the capture screen tells the person, most important first (see analyse-frame.ts);
 * 'turn-over': the back step sees the front again (side-gate.ts).
 */
export type DocumentHint =
  | 'no-document' | 'too-far' | 'too-close' | 'cut-off' | 'tilted' | 'too-dark' | 'glare' | 'blurry' | 'hold-still' | 'ready'
  | 'turn-over';

/** A found card: corners clockwise from top-left, in px of the analysed image. */
export interface CardQuad {
  corners: [Point, Point, Point, Point];
  /** Pixels of the region that was found (its share of the quad says how card-like it is). */
  area: number;
  /** The region touches the image border (the card is cut off or fills the whole picture). */
  touchesBorder: boolean;
}

export interface Point {
  x: number;
  y: number;
}
