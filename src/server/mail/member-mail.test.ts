import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../contract/languages';
import { mailTexts, mailTextsFor } from './mail-language';
import { invitationMail, passwordResetMail } from './member-mail';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the dashboard e-mails in every language', () => {
  it('has every sentence translated, with the English placeholders', () => {
    for (const lang of SUPPORTED_LANGUAGES.filter((l) => l !== 'en')) {
      for (const [key, english] of Object.entries(mailTexts.en)) {
        const text = mailTexts[lang][key as keyof typeof mailTexts.en];
        expect(text, `${lang}.${key}`).not.toBe(english);
        expect(text.trim().length, `${lang}.${key}`).toBeGreaterThan(0);
        expect(placeholders(text), `${lang}.${key}`).toEqual(placeholders(english));
      }
    }
  });

  it('picks the language, its base for a regional tag, and English for anything else', () => {
    expect(mailTextsFor('pt-BR').language).toBe('pt');
    expect(mailTextsFor('ar').language).toBe('ar');
    expect(mailTextsFor('xx').language).toBe('en');
    expect(mailTextsFor(undefined).language).toBe('en');
  });

  it('fills the organisation, the link and its lifetime, the link alone on its line', () => {
    const mail = invitationMail('a@b.test', 'Acme', 'https://id.test/dashboard/set-password#token=abc', 'ja');
    expect(mail.subject).toContain('Acme');
    expect(mail.text.split('\n')).toContain('https://id.test/dashboard/set-password#token=abc');
    expect(mail.text).toContain('7');
    expect(mail.text).not.toMatch(/\{\w+\}/);
    const reset = passwordResetMail('a@b.test', 'https://id.test/x', 60, 'ru');
    expect(reset.text).toContain('60');
    expect(reset.subject).toBe(mailTexts.ru.resetSubject);
  });
});
