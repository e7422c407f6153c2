import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { processUpload } from './process-upload';
import { STORED_MAX_EDGE } from './reencode';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } });

/** A 40×20 image whose left half is red, right half blue: orientation is visible in the pixels. */
async function twoTone(): Promise<Sharp> {
  const red = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } }).png().toBuffer();
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }]);
}

describe('processUpload', () => {
  it.each([
    ['jpeg', () => solid(64, 48).jpeg().toBuffer()],
    ['png', () => solid(64, 48).png().toBuffer()],
    ['webp', () => solid(64, 48).webp().toBuffer()],
  ])('accepts %s and stores a JPEG', async (_name, make) => {
    const res = await processUpload(await make());
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const meta = await sharp(res.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it.each([
    ['gif', () => solid(8, 8).gif().toBuffer()],
    ['tiff', () => solid(8, 8).tiff().toBuffer()],
    ['pdf', async () => Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n')],
    ['text', async () => Buffer.from('hello, this is not an image')],
    ['svg', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')],
  ])('refuses %s by its bytes', async (_name, make) => {
    const res = await processUpload(await make());
    expect(res).toMatchObject({ ok: false, code: 'unsupported_media_type' });
  });

  it('refuses a truncated JPEG and a truncated PNG', async () => {
    const jpeg = await solid(400, 300).jpeg().toBuffer();
    const png = await sharp({ create: { width: 400, height: 300, channels: 4, background: '#33aa6680' } }).png().toBuffer();
    expect(await processUpload(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).toMatchObject({ ok: false, code: 'invalid_media' });
    expect(await processUpload(png.subarray(0, Math.floor(png.length * 0.5)))).toMatchObject({ ok: false, code: 'invalid_media' });
  });

  it('refuses a JPEG signature followed by garbage', async () => {
    const res = await processUpload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]));
    expect(res).toMatchObject({ ok: false, code: 'invalid_media' });
  });

  it('refuses images over the pixel limit from the header, before decoding', async () => {
    const jpeg = await solid(16, 16).jpeg().toBuffer();
    // Rewrite the SOF0 frame size to 60000×60000 (3.6 Gpx): only the header claims it.
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(sof).toBeGreaterThan(0);
    const bomb = Buffer.from(jpeg);
    bomb.writeUInt16BE(60000, sof + 5);
    bomb.writeUInt16BE(60000, sof + 7);
    expect(await processUpload(bomb)).toMatchObject({ ok: false, code: 'media_too_large' });
    // And with a small explicit limit on a real image.
    expect(await processUpload(await solid(100, 100).png().toBuffer(), 9_999)).toMatchObject({ ok: false, code: 'media_too_large' });
    expect((await processUpload(await solid(100, 100).png().toBuffer(), 10_000)).ok).toBe(true);
  });

  it('applies EXIF orientation to the pixels and strips all metadata', async () => {
    const input = await (await twoTone()).jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret-owner', Make: 'PhoneCam' } })
      .toBuffer();
    const inMeta = await sharp(input).metadata();
    expect(inMeta.orientation).toBe(6);
    expect(inMeta.exif).toBeDefined();

    const res = await processUpload(input);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const out = await sharp(res.bytes).metadata();
    expect(out.exif).toBeUndefined();
    expect(out.orientation).toBeUndefined();
    expect(out.icc).toBeUndefined();
    expect(out.xmp).toBeUndefined();
    expect(res.bytes.includes(Buffer.from('secret-owner'))).toBe(false);
    // Orientation 6 = rotate 90° clockwise: 40×20 becomes 20×40, red (left) ends on top.
    expect([out.width, out.height]).toEqual([20, 40]);
    const { data } = await sharp(res.bytes).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...data.subarray((y * 20 + x) * 3, (y * 20 + x) * 3 + 3)];
    expect(px(10, 5)[0]).toBeGreaterThan(200); // top: red
    expect(px(10, 35)[2]).toBeGreaterThan(200); // bottom: blue
  });

  it('caps the long edge and flattens transparency', async () => {
    const big = await solid(STORED_MAX_EDGE + 600, 1000).png({ compressionLevel: 1 }).toBuffer();
    const res = await processUpload(big);
    expect(res.ok && [res.width, res.height]).toEqual([STORED_MAX_EDGE, 833]);
    const clear = await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const flat = await processUpload(clear);
    expect(flat.ok).toBe(true);
    if (!flat.ok) return;
    const { data, info } = await sharp(flat.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect(data[0]).toBeGreaterThan(240); // white, not black
  });
});
