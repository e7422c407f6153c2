import { Hono } from 'hono';
import { roleAbilities } from '../../contract/accounts';
import { getMember } from '../accounts/member-store';
import type { AppContext } from '../context';
import { fail } from '../http/envelope';
import { createMediaSigner } from './signed-url';

/** Content type from the first bytes: stored media are never trusted by name or by upload header. */
export function sniffContentType(b: Buffer): string {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 5 && b.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return 'application/octet-stream';
}

const MEDIA_PREFIX = '/media/';

/**
 * A product's own reading of a signed key it recognises (a company's supporting document):
 * `null` when the key is not one of its kind (served as stored media), `'not_found'` when it is
 * but the file is no longer listed, else the bytes with the headers to send them with.
 */
export type SpecialMediaReader = (key: string) => Promise<{ bytes: Buffer; headers: Record<string, string> } | 'not_found' | null>;

/**
 * `GET {base_url}/media/<key>?exp=…&sig=…`: serves stored media behind a signed, expiring link
 * (see media/signed-url.ts). Anything wrong (bad or expired signature, unknown key) is the same
 * 404, so a probe learns nothing. Mount with `app.route('/api', mediaRoutes(ctx))`.
 *
 * Company supporting documents (their storage key says so: company/files.ts) are read by the
 * company product (`special`, handed in by app.ts): downloads under their stored file name, with
 * nosniff and a sandbox CSP, and only while the verification still lists them (a removed
 * document is 404 even with a valid link). Individual selfies and document photos (and a
 * representative's liveness selfie) stay inline images.
 */
export function mediaRoutes(ctx: AppContext, special: SpecialMediaReader): Hono {
  const app = new Hono();
  const signer = createMediaSigner(ctx);
  app.get('/media/*', async (c) => {
    const path = c.req.path;
    const at = path.indexOf(MEDIA_PREFIX);
    let key: string;
    try {
      key = path.slice(at + MEDIA_PREFIX.length).split('/').map(decodeURIComponent).join('/');
    } catch {
      return fail(c, 404, 'Not found');
    }
    const memberId = c.req.query('m') ?? '';
    if (!signer.verify(key, c.req.query('exp') ?? '', c.req.query('sig') ?? '', memberId)) return fail(c, 404, 'Not found');
    if (memberId) {
      // A dashboard link lives only as long as its member and their review role.
      const member = await getMember(ctx.db, memberId);
      if (!member) return fail(c, 404, 'Not found');
      if (!roleAbilities[member.role].review) return fail(c, 403, 'Your role does not allow this', { code: 'forbidden' });
    }
    const own = await special(key);
    if (own === 'not_found') return fail(c, 404, 'Not found');
    if (own) return c.body(new Uint8Array(own.bytes), 200, own.headers);
    let bytes: Buffer | null;
    try {
      bytes = await ctx.storage.get(key);
    } catch {
      bytes = null; // a key the storage refuses (path escape) is simply not found
    }
    if (!bytes) return fail(c, 404, 'Not found');
    const type = sniffContentType(bytes);
    const name = key.split('/').pop() ?? 'file';
    const disposition = type.startsWith('image/') ? 'inline' : `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`;
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': type,
      'Content-Length': String(bytes.length),
      'Cache-Control': 'private, no-store',
      'Content-Disposition': disposition,
    });
  });
  return app;
}
