import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert';
import { call } from '../../dashboard-api';
import { useLoad } from '../../use-load';
import styles from '../../dashboard.module.css';

/**
 * The organisation's four-eyes rule (owners and admins): when on, an approval or decline by one
 * reviewer waits until a second one makes the same decision. Saved as soon as it is changed.
 */
export function FourEyesSetting() {
  const { t } = useTranslation('dashboard');
  const ids = useId();
  const setting = useLoad(() => call<{ fourEyes: boolean }>('GET', '/review-settings'), 'review-settings');
  const [state, setState] = useState<'idle' | 'saved' | 'failed'>('idle');
  if (setting.state !== 'ready') return null;
  const change = async (on: boolean) => {
    try { setting.set(await call<{ fourEyes: boolean }>('PUT', '/review-settings', { fourEyes: on })); setState('saved'); } catch { setState('failed'); }
  };
  return (
    <section className={styles.panel} aria-labelledby={`${ids}-title`} data-testid="four-eyes-setting">
      <h2 id={`${ids}-title`} className={styles.subtitle}>{t('fourEyes.title')}</h2>
      <label className={styles.choice}>
        <input type="checkbox" checked={setting.data.fourEyes} onChange={(e) => void change(e.target.checked)} aria-describedby={`${ids}-hint`} data-testid="four-eyes-toggle" />
        {' '}{t('fourEyes.label')}
      </label>
      <p id={`${ids}-hint`} className={styles.muted}>{t('fourEyes.hint')}</p>
      {state === 'saved' ? <Alert tone="success" live="polite">{t(setting.data.fourEyes ? 'fourEyes.on' : 'fourEyes.off')}</Alert> : null}
      {state === 'failed' ? <Alert tone="error" live="polite">{t('fourEyes.failed')}</Alert> : null}
    </section>
  );
}
