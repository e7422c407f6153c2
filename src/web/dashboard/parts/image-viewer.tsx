import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../dashboard.module.css';

const ZOOMS = [1, 1.5, 2, 3, 4];

/**
 * One capture with zoom and rotate, so a reviewer can read small print and a sideways card.
 * The transform goes through the style property (CSSOM), which the strict CSP allows.
 */
export function ImageViewer({ src, label, testId }: { src: string; label: string; testId?: string }) {
  const { t } = useTranslation('dashboard');
  const [zoom, setZoom] = useState(0);
  const [deg, setDeg] = useState(0);
  if (!src) return <figure className={styles.viewer} data-testid={testId}><div className={styles.noImage}>{t('case.noImage')}</div><figcaption>{label}</figcaption></figure>;
  const scale = ZOOMS[zoom] ?? 1;
  return (
    <figure className={styles.viewer} data-testid={testId}>
      <div className={styles.viewerFrame} tabIndex={0} role="group" aria-label={t('case.imageOf', { what: label, zoom: Math.round(scale * 100), deg })}>
        <img src={src} alt={label} className={styles.viewerImage} style={{ transform: `rotate(${deg}deg) scale(${scale})` }} draggable={false} />
      </div>
      <figcaption className={styles.viewerBar}>
        <span>{label}</span>
        <span className={styles.viewerTools}>
          <button type="button" className={styles.iconButton} onClick={() => setZoom((z) => Math.max(0, z - 1))} disabled={zoom === 0} aria-label={`${t('case.zoomOut')}: ${label}`}>−</button>
          <button type="button" className={styles.iconButton} onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))} disabled={zoom === ZOOMS.length - 1} aria-label={`${t('case.zoomIn')}: ${label}`}>+</button>
          <button type="button" className={styles.iconButton} onClick={() => setDeg((d) => (d + 90) % 360)} aria-label={`${t('case.rotate')}: ${label}`}>⟳</button>
          <button type="button" className={styles.iconButton} onClick={() => { setZoom(0); setDeg(0); }} aria-label={`${t('case.reset')}: ${label}`}>⤺</button>
        </span>
      </figcaption>
    </figure>
  );
}
