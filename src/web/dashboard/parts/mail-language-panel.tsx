import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '../../../contract/accounts';
import { SUPPORTED_LANGUAGES, type Language } from '../../i18n/languages';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ownName } from '../../ui/language-picker';
import { call } from '../dashboard-api';
import styles from '../dashboard.module.css';

/**
 * The language of the member's own e-mails (password resets; the invitation's was the inviter's
 * pick). The member reads them, so the member may change it; null on the server reads as English.
 * Saved with a button, not on change, so moving through the list with the keyboard saves nothing.
 */
export function MailLanguagePanel({ me, onSaved }: { me: Me; onSaved: () => void }) {
  const { t } = useTranslation('dashboard');
  const current: Language = me.member.language ?? 'en';
  const [chosen, setChosen] = useState<Language>(current);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const save = async () => {
    setState('saving');
    try {
      await call<Me>('PATCH', '/me', { language: chosen });
      setState('saved');
      onSaved();
    } catch {
      setState('failed');
    }
  };
  return (
    <section aria-labelledby="mail-language-title" className={styles.panel} data-testid="mail-language">
      <h2 id="mail-language-title" className={styles.subtitle}>{t('security.mailTitle')}</h2>
      <div className={styles.formField}>
        <label htmlFor="mail-language-select">{t('security.mailLanguage')}</label>
        <select id="mail-language-select" className={styles.input} value={chosen} aria-describedby="mail-language-hint"
          onChange={(e) => { setChosen(e.target.value as Language); setState('idle'); }}>
          {SUPPORTED_LANGUAGES.map((l) => <option key={l} value={l} lang={l}>{ownName(l)}</option>)}
        </select>
        <p id="mail-language-hint" className={styles.muted}>{t('security.mailHint')}</p>
      </div>
      <Button variant="secondary" inline disabled={state === 'saving' || chosen === current} onClick={() => void save()} data-testid="mail-language-save">{t('common.save')}</Button>
      {state === 'saved' ? <Alert tone="success" live="polite" testId="mail-language-saved">{t('security.mailSaved')}</Alert> : null}
      {state === 'failed' ? <Alert tone="error" live="assertive">{t('security.failed')}</Alert> : null}
    </section>
  );
}
