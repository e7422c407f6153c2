import { useTranslation } from 'react-i18next';
import type { LivenessRecord } from '../../../contract/liveness';
import { ImageViewer } from './image-viewer';
import styles from '../dashboard.module.css';

/** The liveness outcome, the challenge the person was given, and the evidence frames. */
export function LivenessPanel({ liveness, title, selfieUrl }: { liveness: LivenessRecord; title?: string; selfieUrl?: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="liveness-title" data-testid="liveness">
      <h2 id="liveness-title" className={styles.subtitle}>{title ?? t('case.liveness')}</h2>
      {selfieUrl ? <div className={styles.gallery}><ImageViewer src={selfieUrl} label={t('case.selfie')} testId="rep-selfie" /></div> : null}
      <dl className={styles.summary}>
        <div><dt>{t('case.livenessStatus')}</dt><dd className={styles.mono}>{liveness.status || '—'} {liveness.method ? `(${liveness.method})` : ''}</dd></div>
        <div><dt>{t('case.challenge')}</dt><dd className={styles.mono}>{liveness.challenge.join(', ') || '—'}</dd></div>
        <div><dt>{t('case.attempts')}</dt><dd>{liveness.attempts}</dd></div>
        <div><dt>{t('case.reason')}</dt><dd className={styles.mono}>{liveness.reason || '—'}</dd></div>
      </dl>
      {liveness.evidence.length > 0 ? (
        <>
          <h3 className={styles.minorTitle}>{t('case.evidence')}</h3>
          <div className={styles.galleryTight}>
            {liveness.evidence.map((e, i) => <ImageViewer key={e.key} src={e.url} label={`${t('case.evidenceFrame', { n: i + 1 })} · ${e.label}`} />)}
          </div>
        </>
      ) : null}
    </section>
  );
}
