import { useTranslation } from 'react-i18next';
import { Screen } from '../../ui/screen';

/** No processId, a malformed one, or one the server does not know. */
export function UnknownLinkScreen() {
  const { t } = useTranslation('individual');
  return (
    <Screen title={t('link.unknownTitle')} testId="unknown-link-screen">
      <p>{t('link.unknownBody')}</p>
    </Screen>
  );
}
