import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChooseDocumentBody, HostedSession } from '../../../../contract/hosted-individual';
import { DOC_TYPES, type DocType } from '../../../../contract/document-types';
import { HostedApiError } from '../../../api/errors';
import { alpha2ToAlpha3 } from '../../../i18n/countries';
import { countryOptions } from '../../../i18n/country-names';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Combobox } from '../../../ui/combobox';
import { Screen } from '../../../ui/screen';
import { ApiErrorAlert } from './api-error-alert';
import styles from './steps.module.css';

export interface DocumentChoiceStepProps {
  session: HostedSession;
  /** Alpha-3 guess from the browser's region, used when nothing was chosen before. */
  /** Alpha-2 region of the browser's language tag, if any: suggests the issuing country. */
  suggestedRegion: string | null;
  step: { current: number; total: number };
  /** Saves the choice (PUT …/document) and moves on; rejects with a HostedApiError. */
  onChoose: (body: ChooseDocumentBody) => Promise<void>;
}

export function DocumentChoiceStep({ session, suggestedRegion, step, onChoose }: DocumentChoiceStepProps) {
  const suggestedCountry = suggestedRegion ? alpha2ToAlpha3(suggestedRegion) : null;
  const { t, i18n } = useTranslation('individual');
  const [type, setType] = useState<DocType | null>(session.document?.type ?? null);
  const [country, setCountry] = useState<string | null>(session.document?.issuingState ?? suggestedCountry);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<HostedApiError | null>(null);
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);

  const submit = async () => {
    setTouched(true);
    if (!type || !country) return;
    setBusy(true);
    setError(null);
    try {
      await onChoose({ type, issuingState: country });
    } catch (e) {
      setError(e instanceof HostedApiError ? e : new HostedApiError('unknown', null, String(e)));
      setBusy(false);
    }
  };

  return (
    <Screen
      title={t('document.title')}
      step={step}
      testId="document-choice-screen"
      footer={<Button onClick={submit} disabled={busy} data-testid="document-continue">{t('document.continue')}</Button>}
    >
      <fieldset className={styles.choices} data-testid="document-types">
        <legend>{t('document.typeLegend')}</legend>
        {DOC_TYPES.map((option) => (
          <label key={option} className={styles.choice}>
            <input
              type="radio"
              name="document-type"
              value={option}
              checked={type === option}
              onChange={() => setType(option)}
              data-testid={`doc-type-${option}`}
            />
            {t(`document.${option}`)}
          </label>
        ))}
      </fieldset>
      {touched && !type ? <Alert tone="error" live="assertive">{t('document.missingType')}</Alert> : null}
      <Combobox
        label={t('document.country')}
        hint={t('document.countryHint')}
        placeholder={t('document.countryPlaceholder')}
        options={options}
        value={country}
        onChange={setCountry}
        testId="country-combobox"
      />
      {touched && !country ? <Alert tone="error" live="assertive">{t('document.missingCountry')}</Alert> : null}
      {error ? <ApiErrorAlert error={error} /> : null}
    </Screen>
  );
}
