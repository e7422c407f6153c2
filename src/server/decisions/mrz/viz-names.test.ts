import { describe, expect, it } from 'vitest';
import { compactSpellings, compareWithViz, identifiersPrinted, mrzNameWords, vizWords, withoutMrzLines } from './viz-names';

const TD3 = 39;

describe('compareWithViz', () => {
  // Text as tesseract's Latin model gave it for the French specimen passport (abridged).
  const french = 'PASSEPORT\nNom/Surname\nULYSSE\nPrénoms/Given names\nCHRISTOPHE\nNationalité FRANÇAISE';

  it('agrees when every name word is printed in the visual zone', () => {
    expect(compareWithViz('ULYSSE<<CHRISTOPHE<<<<<<<<<<<<<<<<<<<<<', TD3, french)).toBe('agrees');
  });

  it('disagrees when a name word is one misread letter away from the printed one (CHRISTOPHF)', () => {
    expect(compareWithViz('ULYSSE<<CHRISTOPHF<<<<<<<<<<<<<<<<<<<<<', TD3, french)).toBe('disagrees');
    expect(compareWithViz('ERIKSSDN<<ANNA', TD3, 'Surname ERIKSSON\nGiven names ANNA')).toBe('disagrees');
  });

  it('is unreadable, not a disagreement, when the names are simply not there (the side without them)', () => {
    expect(compareWithViz('ULYSSE<<CHRISTOPHE', TD3, 'Date of expiry 12 03 2031\nAuthority PREFECTURE')).toBe('unreadable');
    expect(compareWithViz('<<<<', TD3, french)).toBe('unreadable');
  });

  it('never lets the MRZ confirm itself from its own lines read by the Latin model', () => {
    const onlyMrz = 'P<FRAULYSSE<<CHRISTOPHE<<<<<<<<<<<<<<<<<<<<<\n17RV8012<8FRA7508120M2812014<<<<<<<<<<<<<<02';
    expect(compareWithViz('ULYSSE<<CHRISTOPHE', TD3, onlyMrz)).toBe('unreadable');
    // `<` read as K and L: still the MRZ (one word of 25+ letters).
    expect(withoutMrzLines('PKFRAULYSSEKKCHRISTOPHEKKKKLLLLLLLLLLLLLLL\nULYSSE')).toBe('ULYSSE');
  });

  it('accepts the ICAO transliterations and the plain letters of marked names', () => {
    expect(compareWithViz('MUELLER<<JOERG', TD3, 'MÜLLER\nJÖRG')).toBe('agrees');
    expect(compareWithViz('MULLER<<JORG', TD3, 'MÜLLER\nJÖRG')).toBe('agrees');
    // The Latin model often drops the marks: MULLER printed, MUELLER in the MRZ.
    expect(compareWithViz('MUELLER<<ANNA', TD3, 'MULLER\nANNA')).toBe('agrees');
    expect(compareWithViz('STRASSE<<ANNA', TD3, 'STRAßE ANNA')).toBe('agrees');
  });

  it('joins words the MRZ writes as one (O\u2019NEIL, MC DONALD) and splits hyphenated ones', () => {
    expect(compareWithViz('ONEIL<<SEAN', TD3, "O'NEIL\nSEAN")).toBe('agrees');
    expect(compareWithViz('DUPONT<<JEAN<PIERRE', TD3, 'DUPONT\nJEAN-PIERRE')).toBe('agrees');
  });

  it('takes the last word of a field filled to its end as a prefix of the printed one', () => {
    const field = 'BELSER<<JULIETTE<HENRIKE<SOPHI';
    expect(compareWithViz(field, 30, 'BELSER\nJULIETTE HENRIKE SOPHIE')).toBe('agrees');
    // Not filled to its end: the word must be whole.
    expect(compareWithViz('BELSER<<SOPHI', TD3, 'BELSER\nSOPHIE')).toBe('disagrees');
  });
});

describe('identifiers printed without their spaces', () => {
  it('agrees when each identifier is printed whole in one line, spaces lost or added (PP-OCR on the Qatari and Hungarian specimens)', () => {
    expect(compareWithViz('AL<KAABI<<ALI<HAMAD<ABDULLAH<<<<<<<<<<<', TD3, 'QAT\nALI HAMADABDULLAHAL-KAABI\n07031971')).toBe('agrees');
    expect(compareWithViz('HANDRA<<ROZALIA<IRMA<<<<<<<<<<<<<<<<<<<', TD3, 'HANDRA\nROZALIAIRMA\nFRUNZAROZALIAIRMA')).toBe('agrees');
  });

  it('never agrees with a misread letter, a missing identifier or a short one', () => {
    // The MRZ read `ISHAIL`; the page prints ISMAIL.
    expect(compareWithViz('MABROUK<<ALAAELDIN<ISHAIL<MOHAMED', TD3, 'ALAAELDIN ISMAIL MOHAMED MABROUK')).toBe('disagrees');
    expect(identifiersPrinted('MABROUK<<ALAAELDIN<ISHAIL<MOHAMED', 'ALAAELDIN ISMAIL MOHAMED MABROUK')).toBe(false);
    // The given names printed, the surname nowhere.
    expect(identifiersPrinted('HANDRA<<ROZALIA<IRMA', 'ROZALIAIRMA')).toBe(false);
    // `LI` is inside many lines: too short to be evidence by itself.
    expect(identifiersPrinted('LI<<WEI', 'QUALITY WEIGHT')).toBe(false);
    // The identifier split across two lines does not count as one.
    expect(identifiersPrinted('GARCAO<DE<MAGALHAES<<INES', 'GARCAO DE\nMAGALHAES\nINES')).toBe(false);
  });

  it('reads the marks as the MRZ writes them', () => {
    expect(identifiersPrinted('MUELLER<<JOERG<PETER', 'MÜLLER\nJÖRG PETER')).toBe(true);
    expect(compactSpellings('Hélène-Laure')).toContain('HELENELAURE');
  });
});

describe('helpers', () => {
  it('mrzNameWords keeps words of three letters or more and notes a full field', () => {
    expect(mrzNameWords('AL<KAABI<<ALI<HAMAD', TD3)).toEqual({ words: ['KAABI', 'ALI', 'HAMAD'], truncated: false });
    expect(mrzNameWords('BELSER<<JULIETTE<HENRIKE<SOPHI', 30).truncated).toBe(true);
  });

  it('vizWords upper-cases and strips marks', () => {
    const words = vizWords('Prénoms: Hélène-Laure');
    expect(words.has('HELENE')).toBe(true);
    expect(words.has('LAURE')).toBe(true);
    expect(words.has('PRENOMS')).toBe(true);
  });
});
