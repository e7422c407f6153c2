import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type Language } from '../i18n/languages';
import { namespacesInUse, switchLanguage } from '../i18n/switch-language';
import styles from './language-picker.module.css';

/** Each language named in itself ("Français", "Èdè Yorùbá"), as people look for their own. */
export function ownName(lang: Language): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang;
  } catch {
    return lang;
  }
}

/**
 * The language switcher of every screen (both hosted flows and the dashboard). Switching
 * downloads, in the new language, every namespace the page already uses, then re-renders.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const change = (language: Language) => void switchLanguage(language, namespacesInUse(i18n), i18n);
  return (
    <span className={styles.picker}>
      <label htmlFor={id} className={styles.label}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <path fill="none" stroke="currentColor" strokeWidth="1.6" d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-9 9h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
        </svg>
        <span className="visually-hidden">{t('language')}</span>
      </label>
      <select id={id} className={styles.select} value={i18n.language} data-testid="language"
        onChange={(e) => change(e.target.value as Language)}>
        {SUPPORTED_LANGUAGES.map((l) => <option key={l} value={l} lang={l}>{ownName(l)}</option>)}
      </select>
    </span>
  );
}
