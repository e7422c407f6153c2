// Types translation keys from the English files: a key missing in English fails `tsc`.
import type common from './locales/en/common.json';
import type individual from './locales/en/individual.json';
import type company from './locales/en/company.json';
import type capture from './locales/en/capture.json';
import type dashboard from './locales/en/dashboard.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    returnNull: false;
    resources: {
      common: typeof common;
      individual: typeof individual;
      company: typeof company;
      capture: typeof capture;
      dashboard: typeof dashboard;
    };
  }
}
