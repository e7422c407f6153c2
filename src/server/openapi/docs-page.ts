/** A readable, dependency-free rendering of the OpenAPI document (no scripts; CSS from /api/docs.css). */
const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

type Response = { description?: string; $ref?: string };
type Op = {
  summary?: string; description?: string; tags?: string[]; security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  requestBody?: unknown; responses?: Record<string, Response>;
};

interface DocShape {
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, unknown>; responses?: Record<string, Response> };
}

function renderOp(doc: DocShape, path: string, method: string, op: Op): string {
  const params = (op.parameters ?? []).map((p) => `<li><code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ', required' : ''}) ${esc(p.description)}</li>`).join('');
  const described = (r: Response) => (r.$ref ? doc.components.responses?.[r.$ref.split('/').pop() ?? '']?.description : r.description);
  const responses = Object.entries(op.responses ?? {}).map(([code, r]) => `<li><b>${esc(code)}</b> ${esc(described(r))}</li>`).join('');
  const body = op.requestBody ? `<details><summary>Request body</summary><pre>${esc(JSON.stringify(op.requestBody, null, 2))}</pre></details>` : '';
  const auth = (op.security ?? []).flatMap((s) => Object.keys(s)).join(', ') || 'none';
  return `<section class="op"><h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p>${esc(op.summary)}</p>${op.description ? `<p>${esc(op.description)}</p>` : ''}<p>Authentication: <code>${esc(auth)}</code></p>
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}${body}<h4>Responses</h4><ul>${responses}</ul></section>`;
}

/** Operations grouped by their first tag, in the document's tag order. */
export function renderDocs(input: Record<string, unknown>): string {
  const doc = input as unknown as DocShape;
  const groups = new Map<string, string[]>((doc.tags ?? []).map((t) => [t.name, []]));
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push(renderOp(doc, path, method, op));
    }
  }
  const tagText = new Map((doc.tags ?? []).map((t) => [t.name, t.description ?? '']));
  const sections = [...groups].filter(([, ops]) => ops.length > 0)
    .map(([tag, ops]) => `<h2>${esc(tag)}</h2><p>${esc(tagText.get(tag))}</p>${ops.join('\n')}`).join('\n');
  const schemas = Object.entries(doc.components.schemas)
    .map(([name, s]) => `<details id="${esc(name)}"><summary><code>${esc(name)}</code></summary><pre>${esc(JSON.stringify(s, null, 2))}</pre></details>`).join('');
  const intro = doc.info.description.split('\n\n').map((p) => `<p>${esc(p)}</p>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)}</title><link rel="stylesheet" href="/api/docs.css"></head><body><main>
<h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>${intro}
<p>Base URL: <code>${esc(doc.servers[0]?.url)}</code>. Machine-readable: <a href="/api/openapi.json">openapi.json</a>.</p>
${sections}<h2>Schemas</h2>${schemas}</main></body></html>`;
}

export const docsCss = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff}
main{max-width:960px;margin:0 auto;padding:1rem}code,pre{font-family:ui-monospace,monospace}
pre{background:#f5f5f5;padding:.75rem;overflow:auto;border-radius:6px;font-size:13px}
.op{border:1px solid #ddd;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}.m{display:inline-block;min-width:4.5em;
padding:.1em .4em;border-radius:4px;color:#fff;background:#555;font-size:.8em;text-align:center}.get{background:#1f6feb}
.post{background:#1a7f37}.patch{background:#9a6700}.put{background:#8250df}.delete{background:#cf222e}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}pre{background:#1e1e1e}.op{border-color:#333}}`;
