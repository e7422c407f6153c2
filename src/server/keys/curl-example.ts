/**
 * A ready-to-run curl command creating an individual verification, shown next to a new key
 * (first start and `idv keys create`). The key appears here and nowhere in logs.
 */
export function curlCreateVerification(baseUrl: string, apiKey: string): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/v1/verifications`;
  return [
    `curl -sS -X POST '${url}' \\`,
    `  -H 'x-api-key: ${apiKey}' \\`,
    `  -H 'content-type: application/json' \\`,
    `  -d '{"vendorData":"user-123"}'`,
  ].join('\n');
}
