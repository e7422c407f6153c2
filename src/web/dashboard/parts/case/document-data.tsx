import { useTranslation } from 'react-i18next';
import type { DocInfo } from '../../../../contract/document';
import { countryName } from '../../../i18n/country-names';
import styles from '../../dashboard.module.css';

/** The fields in the order a reviewer compares them with the document: who, then which document. */
const FIELDS = ['lastName', 'firstName', 'middleName', 'dob', 'sex', 'docType', 'docNumber', 'issuingState', 'issueDate', 'expiryDate'] as const;
type Field = (typeof FIELDS)[number];
const DATES: ReadonlySet<Field> = new Set(['dob', 'issueDate', 'expiryDate']);

/** A YYYY-MM-DD date in the reader's language ("9 December 1976"), or the text as given. */
export function readableDate(iso: string, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

/**
 * What the document says, in the reviewer's words: labelled fields, the country by name (with
 * its code), dates in the reviewer's language (with the date as read), the document type named.
 * Empty fields are shown as not read, so a missing birth date is seen, not skipped.
 */
export function DocumentData({ docInfo, docType }: { docInfo: Partial<DocInfo>; docType?: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const value = (f: Field): string => {
    const v = f === 'docType' ? (docInfo.docType || docType || '') : (docInfo[f] ?? '');
    if (!v) return '';
    if (f === 'docType') return t(`case.docTypeName.${v}` as 'case.docTypeName.PASSPORT', { defaultValue: v });
    if (f === 'sex') return t(`case.sexName.${v}` as 'case.sexName.F', { defaultValue: v });
    if (f === 'issuingState') return `${countryName(v, i18n.language)} (${v})`;
    if (DATES.has(f)) { const read = readableDate(v, i18n.language); return read === v ? v : `${read} (${v})`; }
    return v;
  };
  return (
    <dl className={styles.kv} data-testid="doc-info">
      {FIELDS.filter((f) => f !== 'middleName' || docInfo.middleName).map((f) => {
        const v = value(f);
        return (
          <div key={f} className={styles.kvRow} data-field={f}>
            <dt>{t(`case.field.${f}`)}</dt>
            <dd className={v ? undefined : styles.muted}>{v || t('case.notRead')}</dd>
          </div>
        );
      })}
    </dl>
  );
}
