// pdf.js, loaded only when a reviewer opens a company PDF (its ~400 KB stay out of every other
// page). Pages are painted into canvases: the strict CSP (object-src 'none') forbids <object>
// and <embed>, and documents are served as attachments in a sandbox, never as a frame.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export const PDF_MAX_PAGES = 5;
/** Rendered width in CSS pixels; the canvas carries devicePixelRatio more for sharp print. */
const TARGET_WIDTH = 720;

export async function renderPdf(bytes: ArrayBuffer, into: HTMLElement, label: (page: number, pages: number) => string): Promise<number> {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  // A PDF without pages shows nothing: say it could not be shown, and offer the file.
  if (doc.numPages === 0) throw new Error('the PDF has no pages');
  const pages = Math.min(doc.numPages, PDF_MAX_PAGES);
  into.replaceChildren();
  for (let n = 1; n <= pages; n += 1) {
    const page = await doc.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const ratio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: (TARGET_WIDTH / base.width) * ratio });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', label(n, doc.numPages));
    into.append(canvas);
    await page.render({ canvas, viewport }).promise;
  }
  await doc.destroy();
  return doc.numPages;
}
