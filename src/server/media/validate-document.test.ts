import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { minimalPdf } from '../company/company.testkit';
import { checkPdf, processDocument } from './validate-document';


describe('supporting document validation', () => {
  it('stores a complete PDF as uploaded', async () => {
    const pdf = minimalPdf();
    const r = await processDocument(pdf);
    expect(r).toMatchObject({ ok: true, contentType: 'application/pdf', ext: 'pdf' });
    expect(r.ok && r.bytes.equals(pdf)).toBe(true);
  });

  it('refuses fake or truncated PDFs and active content', async () => {
    expect(await processDocument(Buffer.from('%PDF-1.4\nthis is not really a pdf'))).toMatchObject({ ok: false, code: 'invalid_media' });
    expect(checkPdf(minimalPdf().subarray(0, 80))).toMatchObject({ code: 'invalid_media' });
    expect(checkPdf(Buffer.from('%PDF-x.y\n1 0 obj\nstartxref\n%%EOF'))).toMatchObject({ code: 'invalid_media' });
    expect(checkPdf(Buffer.from('%PDF-1.7\nstartxref\n0\n%%EOF'))).toMatchObject({ code: 'invalid_media' });
    expect(checkPdf(minimalPdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >> '))).toMatchObject({ code: 'unsupported_media_type' });
    expect(checkPdf(minimalPdf('/OpenAction << /S /Launch /F (calc.exe) >> '))).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('sees active content through PDF name escapes (#xx), and leaves look-alike names alone', () => {
    for (const name of ['/Java#53cript', '/#4aavaScript', '/J#53', '/#4a#53', '/Launc#68', '/Embedded#46ile', '/#58FA']) {
      expect(checkPdf(minimalPdf(`/OpenAction << /S ${name} /X (app.alert(1)) >> `)), name).toMatchObject({ code: 'unsupported_media_type' });
    }
    for (const name of ['/JSON', '/Javascripts', '/Java#2fScript']) expect(checkPdf(minimalPdf(`/Info << /K ${name} >> `)), name).toBeNull();
  });

  it('refuses executables and other types whatever they are called', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.alloc(200)]);
    expect(await processDocument(exe)).toMatchObject({ ok: false, code: 'unsupported_media_type' });
    expect(await processDocument(Buffer.from('<html><script>alert(1)</script></html>'))).toMatchObject({ ok: false, code: 'unsupported_media_type' });
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).webp().toBuffer();
    expect(await processDocument(webp)).toMatchObject({ ok: false, code: 'unsupported_media_type' });
  });

  it('re-encodes images to JPEG without metadata, upright', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00' } }).png().toBuffer();
    const r = await processDocument(png);
    expect(r).toMatchObject({ ok: true, contentType: 'image/jpeg', ext: 'jpg' });
    const exifJpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0c0' } })
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret place' } } }).jpeg().toBuffer();
    const out = await processDocument(exifJpeg);
    if (!out.ok) throw new Error('expected ok');
    const meta = await sharp(out.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses a broken image', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00' } }).png().toBuffer();
    expect(await processDocument(png.subarray(0, 40))).toMatchObject({ ok: false, code: 'invalid_media' });
  });
});
