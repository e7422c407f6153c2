import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';

/** Copies a value (a new key, an invitation link); says so in a polite live region. */
export function CopyButton({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation('dashboard');
  const [copied, setCopied] = useState(false);
  return (
    <>
      <Button variant="secondary" inline data-testid={testId} onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => setCopied(false));
      }}>{t('common.copy')}</Button>
      <span role="status">{copied ? t('common.copied') : ''}</span>
    </>
  );
}
