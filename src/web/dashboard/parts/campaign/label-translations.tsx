import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type Language } from '../../../i18n/languages';
import { ownName } from '../../../ui/language-picker';
import dashboard from '../../dashboard.module.css';
import { useErrorText } from './campaign-errors';
import type { CampaignFormValues } from './campaign-values';
import styles from './campaign.module.css';

/** Why: the form paths that hold a campaign text's other languages. */
export type LabelsPath =
  | `definition.documents.${number}.labels`
  | `definition.questions.${number}.labels`
  | `definition.questions.${number}.options.${number}.labels`;

// The choices name each language in itself, as the key form's language picker does; the labels
// name it in the reviewer's language ("Text in French").
const ownNameOf = (code: string) => ((SUPPORTED_LANGUAGES as readonly string[]).includes(code) ? ownName(code as Language) : code);
function nameIn(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Why: a campaign text's other languages (`labels`: language → text); the representative reads
 * the one of their language, else the main text. Folded away until needed.
 */
export function LabelTranslations({ name }: { name: LabelsPath }) {
  const { t, i18n } = useTranslation('dashboard');
  const { control } = useFormContext<CampaignFormValues>();
  const errorText = useErrorText();
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const labels = (field.value ?? {}) as Record<string, string>;
        const entries = Object.entries(labels);
        const set = (next: [string, string][]) => field.onChange(next.length ? Object.fromEntries(next) : undefined);
        const unused = SUPPORTED_LANGUAGES.filter((l) => !(l in labels));
        return (
          <details className={styles.translations}>
            <summary>{t('campaigns.translations.title', { n: entries.length })}</summary>
            <p className={styles.hint}>{t('campaigns.translations.hint')}</p>
            <ul className={styles.items}>
              {entries.map(([code, text], i) => {
                const rowId = `${id}-${i}`;
                const error = errorText(`${name}.${code}`);
                return (
                  // By position: changing a row's language must not remount it (focus stays on the list).
                  <li key={i} className={styles.row}>
                    <div className={`${dashboard.formField} ${styles.narrowField}`}>
                      <label htmlFor={`${rowId}-lang`}>{t('campaigns.translations.language')}</label>
                      <select id={`${rowId}-lang`} className={dashboard.select} value={code}
                        onChange={(e) => set(entries.map(([c, v]) => (c === code ? [e.target.value, v] : [c, v])))}>
                        {[code, ...unused].map((l) => <option key={l} value={l} lang={l}>{ownNameOf(l)}</option>)}
                      </select>
                    </div>
                    <div className={dashboard.formField}>
                      <label htmlFor={`${rowId}-text`}>{t('campaigns.translations.text', { language: nameIn(code, i18n.language) })}</label>
                      <input id={`${rowId}-text`} className={dashboard.input} lang={code} dir="auto" value={text}
                        aria-invalid={error ? true : undefined} aria-describedby={error ? `${rowId}-error` : undefined}
                        onChange={(e) => set(entries.map(([c, v]) => (c === code ? [c, e.target.value] : [c, v])))} onBlur={field.onBlur} />
                      {error ? <p id={`${rowId}-error`} className={styles.error}>{error}</p> : null}
                    </div>
                    <div className={styles.tools}>
                      <button type="button" className={styles.small} aria-label={t('campaigns.translations.removeLabel', { language: nameIn(code, i18n.language) })}
                        onClick={() => set(entries.filter(([c]) => c !== code))}>{t('campaigns.translations.remove')}</button>
                    </div>
                  </li>
                );
              })}
            </ul>
            {unused.length ? (
              <div className={styles.tools}>
                <button type="button" className={styles.small} onClick={() => set([...entries, [unused[0]!, '']])}>{t('campaigns.translations.add')}</button>
              </div>
            ) : null}
          </details>
        );
      }}
    />
  );
}
