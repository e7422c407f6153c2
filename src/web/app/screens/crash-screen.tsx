import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Screen } from '../../ui/screen';
import { AppLayout } from '../layout';

export function CrashScreen() {
  const { t } = useTranslation('common');
  return (
    <AppLayout>
      <Screen
        title={t('errors.crashTitle')}
        testId="crash-screen"
        footer={<Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>}
      >
        <p>{t('errors.crashBody')}</p>
      </Screen>
    </AppLayout>
  );
}
