import { describe, expect, it } from 'vitest';
import { reasonCategories } from './reason-category';

describe('reasonCategories', () => {
  it('keeps the code of an automatic reason and drops its detail', () => {
    expect(reasonCategories('sanctions_hit: Jane Q Public ~ PUBLIC, Jane on OFAC SDN (version 12), score 0.97')).toEqual(['sanctions_hit']);
    expect(reasonCategories('reused_document: document number X1234567 seen on ver_abc with another face')).toEqual(['reused_document']);
    expect(reasonCategories('liveness_attempts_exhausted')).toEqual(['liveness_attempts_exhausted']);
  });

  it('names the rules\' fixed sentences by their code', () => {
    expect(reasonCategories('Face on the document does not match the selfie; Document expired')).toEqual(['face_mismatch', 'document_expired']);
    expect(reasonCategories('Liveness evidence shows no motion')).toEqual(['liveness_no_motion']);
    expect(reasonCategories('Resubmission limit exceeded')).toEqual(['resubmission_limit']);
    expect(reasonCategories('Verification failed')).toEqual(['unspecified']);
  });

  it('counts anyone\'s own words as other, even words shaped like a code', () => {
    expect(reasonCategories('The passport belongs to John Smith, born 1980-01-01')).toEqual(['other']);
    expect(reasonCategories('john_smith: looks fake')).toEqual(['other']);
    expect(reasonCategories('Blurred photo; John Smith; face_mismatch')).toEqual(['other', 'face_mismatch']);
    expect(reasonCategories('  ')).toEqual([]);
    expect(reasonCategories('Die Gesichter stimmen nicht überein.')).toEqual(['other']);
  });
});
