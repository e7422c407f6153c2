import type { AppContext } from '../context';
import type { SpecialMediaReader } from '../media/media.routes';
import { readDocument } from './documents';
import { documentDownloadHeaders, parseCompanyDocumentKey } from './files';
import { findCompany } from './store';

/**
 * How the media route serves a company's supporting document (app.ts hands it in): only while the
 * verification still lists it, as a download under its stored file name. Any other key is not
 * ours (null) and is served as stored media.
 */
export function companyDocumentMedia(ctx: Pick<AppContext, 'db' | 'storage'>): SpecialMediaReader {
  return async (key) => {
    const companyDocument = parseCompanyDocumentKey(key);
    if (!companyDocument) return null;
    const row = await findCompany(ctx.db, companyDocument.companyId);
    const res = row ? await readDocument(ctx, row, companyDocument.documentId).catch(() => null) : null;
    // The key is signed, so its document id names exactly the file the record listed.
    if (!res?.ok || res.document.key !== key) return 'not_found';
    return { bytes: res.bytes, headers: documentDownloadHeaders(res.document, res.bytes.length) };
  };
}
