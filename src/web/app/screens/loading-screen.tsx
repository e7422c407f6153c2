import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/spinner';
import styles from './screens.module.css';

export function LoadingScreen() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.centre} data-testid="loading-screen">
      <Spinner label={t('loading')} />
    </div>
  );
}
