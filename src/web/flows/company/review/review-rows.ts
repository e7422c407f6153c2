// What the review screen lists per section: label/value rows built from the in-memory values.
// Pure apart from the injected translate and country-name functions.
import type { CampaignDefinition } from '../../../../contract/campaign';
import type { CompanyFormValues } from '../../../../contract/company-form';
import type { UploadedDocument } from '../../../../contract/hosted-company';
import { localLabel } from '../campaign-text';
import type { SectionStep } from '../company.flow';

export interface ReviewRow {
  label: string;
  value: string;
}

export interface ReviewText {
  t: (key: string, options?: Record<string, unknown>) => string;
  country: (alpha3: string) => string;
  language: string;
}

/** `YYYY-MM-DD` as a long date in the page's language (UTC: a date has no time zone). */
const longDate = (value: string, language: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? value : new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
};
const join = (...parts: Array<string | undefined | null>) => parts.map((p) => p?.trim()).filter(Boolean).join(' ');
/** Translated code if the key exists (select values), else the raw value. */
const coded = (tx: ReviewText, prefix: string, value: string | undefined) => {
  if (!value) return '';
  const key = `${prefix}.${value}`;
  const out = tx.t(key);
  return out === key ? value : out;
};

export function reviewRows(
  section: SectionStep,
  values: CompanyFormValues,
  campaign: CampaignDefinition,
  documents: readonly UploadedDocument[],
  livenessDone: boolean,
  tx: ReviewText,
): ReviewRow[] {
  const { t } = tx;
  const country = (v: string | undefined) => (v ? tx.country(v) : '');
  const row = (label: string, value: string | undefined | null): ReviewRow => ({ label, value: value?.trim() ? value : '' });
  switch (section) {
    case 'business': {
      const b = values.business ?? {};
      return [
        row(t('business.legalName'), b.legalName),
        row(t('business.registrationNumber'), b.registrationNumber),
        row(t('business.registrationType'), coded(tx, 'business.types', b.registrationType)),
        row(t('business.countryOfRegistration'), country(b.countryOfRegistration)),
        ...(b.businessBvn ? [row(t('business.businessBvn'), b.businessBvn)] : []),
        row(t('business.industry'), b.industry),
        row(t('business.website'), b.website),
        row(t('business.description'), b.description),
      ];
    }
    case 'contact': {
      const c = values.contact ?? {};
      return [
        row(t('contact.generalEmail'), c.generalEmail),
        row(t('contact.generalPhone'), c.generalPhone),
        row(t('contact.addressTitle'), [c.addressLine1, c.addressLine2, join(c.postalCode, c.city), c.state, country(c.country)].filter((x) => x?.trim()).join(', ')),
      ];
    }
    case 'representative': {
      const r = values.representative ?? {};
      return [
        row(t('review.name'), join(r.firstName, r.lastName)),
        row(t('person.email'), r.email),
        row(t('person.phone'), r.phone),
        row(t('representative.relationship'), coded(tx, 'representative.relationships', r.relationshipToBusiness)),
        row(t('representative.idTitle'), [coded(tx, 'representative.docTypes', r.idDocumentType), r.idDocumentNumber, country(r.idIssuingCountry)].filter(Boolean).join(' · ')),
        row(t('review.authorised'), r.isAuthorised ? t('review.yes') : t('review.no')),
      ];
    }
    case 'officers': {
      const items = values.officers?.items ?? [];
      if (items.length === 0) return [row(t('officers.title'), t('review.none'))];
      return items.map((o, i) =>
        row(t('officers.itemTitle', { number: i + 1 }), [join(o.firstName, o.lastName), coded(tx, 'officers.roles', o.role), o.email].filter(Boolean).join(' · ')),
      );
    }
    case 'ownership': {
      const owners = values.ownership?.owners ?? [];
      if (owners.length === 0) return [row(t('ownership.title'), t('review.none'))];
      const pct = new Intl.NumberFormat(tx.language, { maximumFractionDigits: 2 });
      return owners.map((o, i) =>
        row(
          t('ownership.itemTitle', { number: i + 1 }),
          [join(o.firstName, o.lastName), typeof o.share === 'number' && Number.isFinite(o.share) ? t('ownership.percent', { value: pct.format(o.share) }) : '', o.dateOfBirth ? longDate(o.dateOfBirth, tx.language) : '', country(o.nationality)].filter(Boolean).join(' · '),
        ),
      );
    }
    case 'documents':
      return campaign.documents.map((d) => {
        const files = documents.filter((x) => x.kind === d.kind).map((x) => x.fileName);
        const known = t(`documents.kinds.${d.kind}.title`);
        const title = localLabel(d, tx.language, known === `documents.kinds.${d.kind}.title` ? d.kind : known);
        return row(title, files.join(', '));
      });
    case 'liveness':
      return [row(t('liveness.title'), livenessDone ? t('review.done') : '')];
    case 'questions': {
      const answers = values.questions?.answers ?? {};
      return campaign.questions.map((q) => {
        const a = answers[q.id];
        const label = (v: string) => {
          if (q.type === 'yes_no') return v === 'yes' ? t('questions.yes') : v === 'no' ? t('questions.no') : v;
          if (q.type === 'date') return longDate(v, tx.language);
          const option = q.options.find((o) => o.value === v);
          return option ? localLabel(option, tx.language, v) : v;
        };
        const value = Array.isArray(a) ? a.map(label).join(', ') : typeof a === 'string' && a ? label(a) : '';
        return row(localLabel(q, tx.language), value);
      });
    }
  }
}
