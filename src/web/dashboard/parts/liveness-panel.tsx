import { useTranslation } from 'react-i18next';
import type { LivenessRecord } from '../../../contract/liveness';
import { ImageViewer } from './image-viewer';
import styles from '../dashboard.module.css';

/**
 * The liveness outcome, the challenge the person was given, the screen-light check, the camera
 * integrity signals, every failed try with its reason, and the evidence frames.
 */
export function LivenessPanel({ liveness, title, selfieUrl }: { liveness: LivenessRecord; title?: string; selfieUrl?: string }) {
  const { t } = useTranslation('dashboard');
  const light = liveness.checks.screenLight;
  const integrity = liveness.checks.cameraIntegrity;
  const failures = liveness.failedAttempts ?? [];
  return (
    <section aria-labelledby="liveness-title" data-testid="liveness">
      <h2 id="liveness-title" className={styles.subtitle}>{title ?? t('case.liveness')}</h2>
      {selfieUrl ? <div className={styles.gallery}><ImageViewer src={selfieUrl} label={t('case.selfie')} testId="rep-selfie" /></div> : null}
      <dl className={styles.summary}>
        <div><dt>{t('case.livenessStatus')}</dt><dd className={styles.mono}>{liveness.status || '—'} {liveness.method ? `(${liveness.method})` : ''}</dd></div>
        <div><dt>{t('case.challenge')}</dt><dd className={styles.mono}>{liveness.challenge.join(', ') || '—'}</dd></div>
        <div><dt>{t('case.attempts')}</dt><dd>{liveness.attempts}</dd></div>
        <div><dt>{t('case.reason')}</dt><dd className={styles.mono}>{liveness.reason || '—'}</dd></div>
        {liveness.rounds ? <div><dt>{t('case.rounds')}</dt><dd data-testid="liveness-rounds">{liveness.rounds} / {liveness.maxRounds ?? liveness.rounds}</dd></div> : null}
        {light ? (
          <div><dt>{t('case.screenLight')}</dt><dd className={styles.mono} data-testid="screen-light-result" data-result={light.result}>
            {light.result} (device {light.device}, server {light.server}; Δ {light.amplitude}, r {light.correlation})
          </dd></div>
        ) : null}
        {integrity ? (
          <div><dt>{t('case.cameraSignals')}</dt><dd className={styles.mono} data-testid="camera-signals" data-suspected={String(integrity.suspected)}>
            {integrity.signals.join(', ') || t('case.noSignals')}
          </dd></div>
        ) : null}
      </dl>
      {failures.length > 0 ? (
        <>
          <h3 className={styles.minorTitle}>{t('case.failedTries')}</h3>
          <ol data-testid="failed-attempts">
            {failures.map((f) => (
              <li key={`${f.round}.${f.attempt}`} data-reason={f.reason}>
                {t('case.failedTry', { round: f.round, attempt: f.attempt })}: <span className={styles.mono}>{f.reason}</span> · <time dateTime={f.at}>{new Date(f.at).toLocaleString()}</time>
              </li>
            ))}
          </ol>
        </>
      ) : null}
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
