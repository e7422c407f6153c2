import { describe, expect, it } from 'vitest';
import { attachmentDisposition, companyDocumentKey, parseCompanyDocumentKey, sanitiseFileName } from './files';

describe('document file names', () => {
  it('keeps a readable name with the stored extension', () => {
    expect(sanitiseFileName('Certificate 2024.PDF', 'doc', 'pdf')).toBe('Certificate 2024.pdf');
    expect(sanitiseFileName('photo.png', 'doc', 'jpg')).toBe('photo.jpg');
    expect(sanitiseFileName(encodeURIComponent('Relevé bancaire.pdf'), 'doc', 'pdf')).toBe('Relevé bancaire.pdf');
  });

  it('drops paths, control and markup characters, and falls back to the kind', () => {
    expect(sanitiseFileName('../../etc/passwd', 'doc', 'pdf')).toBe('passwd.pdf');
    expect(sanitiseFileName('C:\\Users\\me\\evil".pdf', 'doc', 'pdf')).toBe('evil.pdf');
    expect(sanitiseFileName('a\u0000b<c>.pdf', 'doc', 'pdf')).toBe('a_b_c.pdf');
    expect(sanitiseFileName(undefined, 'proof_of_address', 'jpg')).toBe('proof_of_address.jpg');
    expect(sanitiseFileName('...', 'kind', 'pdf')).toBe('kind.pdf');
    expect(sanitiseFileName('%E0%A4%A', 'kind', 'pdf')).toBe('E0_A4_A.pdf');
    expect(sanitiseFileName('x'.repeat(300), 'kind', 'pdf')).toBe(`${'x'.repeat(100)}.pdf`);
  });

  it('builds an attachment header with an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('Relevé (1).pdf')).toBe(`attachment; filename="Relev_ (1).pdf"; filename*=UTF-8''Relev%C3%A9%20%281%29.pdf`);
  });

  it('recognises the storage keys of supporting documents only', () => {
    const key = companyDocumentKey('ab12', 'doc_0f9e', 'pdf');
    expect(key).toBe('company/ab12/doc_0f9e.pdf');
    expect(parseCompanyDocumentKey(key)).toEqual({ companyId: 'ab12', documentId: 'doc_0f9e' });
    for (const other of ['company/ab12/liveness-v1.jpg', 'verifications/v1/selfie.jpg', 'company/ab12/doc_0f9e.pdf/x',
      '/company/ab12/doc_0f9e.pdf', 'company/../doc_0f9e.pdf', 'company/ab12/doc_0F9E.pdf']) {
      expect(parseCompanyDocumentKey(other), other).toBeNull();
    }
  });
});
