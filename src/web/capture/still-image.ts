// Decodes a photo (a shot or a picked file, already re-encoded) onto a small 2D canvas, so the
// same analysers that run on live frames can look at it.
import { fitLongEdge, get2dContext } from './video-frame';

async function decode(blob: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close(): void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(blob);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(blob);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => undefined };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The photo drawn at most `maxLongEdge` px on its long edge (never enlarged). Rejects if unreadable. */
export async function stillToCanvas(blob: Blob, maxLongEdge: number, willReadFrequently = false): Promise<HTMLCanvasElement> {
  const image = await decode(blob);
  try {
    const size = fitLongEdge(image.width, image.height, maxLongEdge);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    get2dContext(canvas, willReadFrequently).drawImage(image.source, 0, 0, size.width, size.height);
    return canvas;
  } finally {
    image.close();
  }
}
