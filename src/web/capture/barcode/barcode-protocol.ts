// Messages between the barcode engine (main thread) and its Worker, which decodes the PDF417 on
// the back of a US or Canadian licence or ID card with ZXing's WebAssembly.

export type ToBarcodeWorker =
  /**
   * The guide's part of a live frame at the camera's resolution (a PDF417's modules are ~2 px
   * there), to be turned by `angleDeg` (counter-clockwise on screen) before it is decoded: ZXing's
   * PDF417 detector holds only about 3° of tilt.
   */
  | { type: 'frame'; id: number; bitmap: ImageBitmap; angleDeg: number };

export type FromBarcodeWorker =
  /** `decoded`: a PDF417 was read; `aamva`: its payload starts as an AAMVA licence's does. */
  | { type: 'frame'; id: number; decoded: boolean; aamva: boolean; decodeMs: number }
  | { type: 'error'; id: number; message: string };
