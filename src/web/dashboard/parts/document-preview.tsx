import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageViewer } from './image-viewer';
import styles from '../dashboard.module.css';

export interface PreviewDocument { id: string; kind: string; fileName: string; contentType: string; url?: string }

/** An uploaded company document in the page: images in the viewer, PDFs painted by pdf.js. */
export function DocumentPreview({ doc }: { doc: PreviewDocument }) {
  const { t } = useTranslation('dashboard');
  const name = `${doc.kind} · ${doc.fileName}`;
  return (
    <figure className={styles.document} data-testid="company-document" data-kind={doc.kind}>
      {doc.contentType.startsWith('image/') && doc.url ? <ImageViewer src={doc.url} label={name} /> : (
        <>
          <figcaption className={styles.viewerBar}><span>{name}</span></figcaption>
          {doc.contentType === 'application/pdf' && doc.url ? <PdfPages url={doc.url} name={name} /> : null}
        </>
      )}
      {doc.url ? <a href={doc.url} download={doc.fileName} className={styles.smallLink}>{t('case.open', { name: doc.fileName })}</a> : null}
    </figure>
  );
}

function PdfPages({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation('dashboard');
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  useEffect(() => {
    let live = true;
    (async () => {
      const res = await fetch(url, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(String(res.status));
      const { renderPdf } = await import('./pdf-render');
      if (!live || !ref.current) return;
      await renderPdf(await res.arrayBuffer(), ref.current, (page, pages) => t('case.pdfPage', { page, pages, name }));
      if (live) setState('ready');
    })().catch(() => { if (live) setState('error'); });
    return () => { live = false; };
  }, [url, name, t]);
  return (
    <>
      {state === 'loading' ? <p role="status">{t('common.loading')}</p> : null}
      {state === 'error' ? <p className={styles.error} data-testid="pdf-error">{t('case.pdfError')}</p> : null}
      {/* Scrolls when pages are many: focusable so keyboard users can scroll it too. */}
      <div ref={ref} className={styles.pdfPages} data-testid="pdf-pages" data-state={state} tabIndex={0} role="group" aria-label={name} />
    </>
  );
}
