import { describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES } from '../../../../contract/hosted-company';
import { checkDocumentFile, documentType, formatBytes } from './file-check';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('document file checks', () => {
  it('accepts PDF, JPEG and PNG by type, and by extension when the type is missing', () => {
    expect(documentType(file('a.pdf', 'application/pdf'))).toBe('application/pdf');
    expect(documentType(file('a.bin', 'image/png'))).toBe('image/png');
    expect(documentType(file('scan.JPG', ''))).toBe('image/jpeg');
    expect(documentType(file('scan.pdf', 'application/octet-stream'))).toBe('application/pdf');
  });

  it('refuses other types even when the name says otherwise', () => {
    expect(documentType(file('photo.heic', 'image/heic'))).toBeNull();
    expect(documentType(file('fake.pdf', 'text/html'))).toBeNull();
    expect(documentType(file('doc.docx', ''))).toBeNull();
  });

  it('finds the problem before any upload', () => {
    expect(checkDocumentFile(file('a.pdf', 'application/pdf'), 0, 3)).toBeNull();
    expect(checkDocumentFile(file('a.gif', 'image/gif'), 0, 3)).toBe('fileType');
    expect(checkDocumentFile(file('a.pdf', 'application/pdf', 0), 0, 3)).toBe('fileEmpty');
    expect(checkDocumentFile(file('a.pdf', 'application/pdf', DOCUMENT_MAX_BYTES + 1), 0, 3)).toBe('fileTooLarge');
    expect(checkDocumentFile(file('a.jpg', 'image/jpeg', DOCUMENT_MAX_BYTES + 1), 0, 3)).toBeNull();
    expect(checkDocumentFile(file('a.pdf', 'application/pdf'), 3, 3)).toBe('tooManyFiles');
  });

  it('formats sizes', () => {
    expect(formatBytes(2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
    expect(formatBytes(300, 'en')).toBe('1 KB');
    expect(formatBytes(2.5 * 1024 * 1024, 'fr')).toBe('2,5 MB');
  });
});
