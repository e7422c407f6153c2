import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type Language } from '../../i18n/languages';
import { switchLanguage } from '../../i18n/switch-language';
import styles from '../dashboard.module.css';

/** Each language named in itself ("Français"), as people look for their own. */
const ownName = (lang: Language) => new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang;

export function LanguagePicker() {
  const { t, i18n } = useTranslation('dashboard');
  const id = useId();
  return (
    <span className={styles.field}>
      <label htmlFor={id} className={styles.visuallyHidden}>{t('language')}</label>
      <select id={id} className={styles.select} value={i18n.language} data-testid="language"
        onChange={(e) => void switchLanguage(e.target.value as Language, ['common', 'dashboard'])}>
        {SUPPORTED_LANGUAGES.map((l) => <option key={l} value={l} lang={l}>{ownName(l)}</option>)}
      </select>
    </span>
  );
}
