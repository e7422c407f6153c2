import { useTranslation } from 'react-i18next';
import type { MoveDirection } from './use-reorder';
import styles from './campaign.module.css';

/** Why: the Up and Down buttons of an item in a list put in order with `useReorder` (the ends disabled). */
export function MoveButtons({ index, count, buttonId, onMove, upLabel, downLabel }: {
  index: number; count: number; buttonId: (index: number, dir: MoveDirection) => string; onMove: (dir: MoveDirection) => void;
  /** The accessible names, saying which item moves ("Move document 2 up"). */
  upLabel: string; downLabel: string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <button id={buttonId(index, 'up')} type="button" className={styles.small} disabled={index === 0}
        aria-label={upLabel} onClick={() => onMove('up')}>↑ {t('campaigns.questions.up')}</button>
      <button id={buttonId(index, 'down')} type="button" className={styles.small} disabled={index === count - 1}
        aria-label={downLabel} onClick={() => onMove('down')}>↓ {t('campaigns.questions.down')}</button>
    </>
  );
}
