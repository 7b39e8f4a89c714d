import { createHash } from 'node:crypto';
import type { JsonSchema, OpenApiDocument, OperationObject, ParameterObject, ResponseObject } from './document';
import type { OperationAuth } from './operation';

/**
 * GET /api/docs: the published document as one plain HTML page for developers who integrate. Rendered on
 * the server from the same object /api/openapi.json serves, so the two cannot disagree; no script and
 * nothing from elsewhere (the /api/ CSP allows neither), only this page's own style block, by its hash.
 */

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const style =
  'body{font-family:system-ui,Arial,sans-serif;color:#1f2937;max-width:960px;margin:0 auto;padding:16px;line-height:1.5}' +
  'code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}pre{background:#f3f4f6;padding:8px;overflow-x:auto}' +
  'table{border-collapse:collapse;margin:8px 0;display:block;overflow-x:auto;max-width:100%}th,td{border:1px solid #d1d5db;padding:4px 8px;text-align:left;vertical-align:top}' +
  'article{border-top:1px solid #d1d5db;margin-top:24px}.method{font-weight:700;text-transform:uppercase}' +
  'a,code,td,th{overflow-wrap:break-word}td code{overflow-wrap:anywhere}a{color:#0369a1}a:focus-visible,summary:focus-visible{outline:3px solid #0369a1;outline-offset:2px}';

/** The Content-Security-Policy of the page: the API's (nothing loads, nothing frames) plus this style block. */
export const docsPageCsp = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; frame-ancestors 'none'`;

const who: Record<OperationAuth, string> = {
  none: 'Anyone',
  family: 'A family session (the cookie POST /api/family/confirm or /api/family/link sets)',
  staff: 'A signed-in member of staff (staff session cookie; a kiosk device is refused)',
  admin: 'A signed-in admin (staff session cookie)',
  kioskOrStaff: 'A device in kiosk mode, or a signed-in member of staff (staff session cookie)',
  metrics: 'The METRICS_TOKEN bearer token when set; otherwise this machine only',
  kitchen: 'A device in kitchen mode (staff session cookie); staff browsers and kiosks are refused',
};

/**
 * A schema as a short, TypeScript-like shape (`{ id: string; total?: integer }`): what a reader needs at a
 * glance. Patterns and lengths are left to /api/openapi.json, where tools read them.
 */
export function shapeOf(schema: unknown, indent = ''): string {
  if (typeof schema !== 'object' || schema === null) return 'any';
  const s = schema as JsonSchema;
  const inner = `${indent}  `;
  if (typeof s.$ref === 'string') return s.$ref.replace('#/components/schemas/', '');
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  for (const [key, joiner] of [
    ['anyOf', ' | '],
    ['oneOf', ' | '],
    ['allOf', ' & '],
  ] as const)
    if (Array.isArray(s[key])) return (s[key] as unknown[]).map((x) => shapeOf(x, indent)).join(joiner);
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  if (types.length === 0) return 'any';
  return types
    .map((type) => {
      if (type === 'array') return `${shapeOf(s.items, indent)}[]`;
      if (type === 'object') {
        const props = Object.entries((s.properties ?? {}) as Record<string, unknown>);
        const required = new Set((s.required ?? []) as string[]);
        if (props.length === 0)
          return s.additionalProperties ? `{ [key: string]: ${shapeOf(s.additionalProperties, indent)} }` : 'object';
        const lines = props.map(([k, v]) => `${inner}${k}${required.has(k) ? '' : '?'}: ${shapeOf(v, inner)};`);
        return `{\n${lines.join('\n')}\n${indent}}`;
      }
      return typeof s.format === 'string' ? `${type} (${s.format})` : type;
    })
    .join(' | ');
}

const schemaText = (schema: unknown) => `<pre><code>${esc(shapeOf(schema))}</code></pre>`;
const schemaDetails = (schema: unknown) => `<details><summary>Shape</summary>${schemaText(schema)}</details>`;
const anchor = (prefix: string, name: string) => `${prefix}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

function parametersTable(parameters: ParameterObject[]): string {
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${esc(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td>` +
        `<td><code>${esc(shapeOf(p.schema))}</code></td></tr>`,
    )
    .join('');
  return (
    '<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th>' +
    `<th scope="col">Required</th><th scope="col">Type</th></tr></thead><tbody>${rows}</tbody></table>`
  );
}

function responsesTable(responses: Record<string, ResponseObject>): string {
  const rows = Object.entries(responses)
    .map(([status, r]) => {
      const [type, media] = Object.entries(r.content ?? {})[0] ?? [];
      const isError = Number(status) >= 400;
      // Error bodies are the ApiError shape (the codes are in the Meaning column), unless the status has its own.
      const plainError = isError && media && !('anyOf' in media.schema);
      const shape = plainError ? ' <a href="#errors">ApiError</a>' : media ? schemaDetails(media.schema) : '';
      const body = type ? `<code>${esc(type)}</code>${shape}` : '—';
      return `<tr><th scope="row">${esc(status)}</th><td>${esc(r.description)}</td><td>${body}</td></tr>`;
    })
    .join('');
  return (
    '<h4>Responses</h4><table><thead><tr><th scope="col">Status</th><th scope="col">Meaning</th>' +
    `<th scope="col">Body</th></tr></thead><tbody>${rows}</tbody></table>`
  );
}

function operationHtml(method: string, path: string, op: OperationObject): string {
  const id = anchor('op', op.operationId);
  const body = op.requestBody
    ? `<h4>Request body</h4>${op.requestBody.description ? `<p>${esc(op.requestBody.description)}</p>` : ''}` +
      Object.entries(op.requestBody.content)
        .map(([type, media]) => `<p><code>${esc(type)}</code></p>${schemaDetails(media.schema)}`)
        .join('')
    : '';
  return (
    `<article aria-labelledby="${id}"><h3 id="${id}"><span class="method">${method}</span> <code>${esc(path)}</code></h3>` +
    `<p>${esc(op.summary)}</p>${op.description ? `<p>${esc(op.description)}</p>` : ''}` +
    `<dl><dt>Who may call it</dt><dd>${esc(who[op['x-auth']])}</dd>` +
    `<dt>Operation id</dt><dd><code>${esc(op.operationId)}</code></dd></dl>` +
    (op.parameters?.length ? parametersTable(op.parameters) : '') +
    body +
    responsesTable(op.responses) +
    '</article>'
  );
}

export function renderDocsPage(d: OpenApiDocument): string {
  const operations = Object.entries(d.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, path, op })),
  );
  const sections = d.tags
    .map((tag) => {
      const ops = operations.filter((o) => o.op.tags.includes(tag.name));
      const id = anchor('tag', tag.name);
      return {
        nav:
          `<li><a href="#${id}">${esc(tag.name)}</a><ul>` +
          ops
            .map(
              (o) =>
                `<li><a href="#${anchor('op', o.op.operationId)}">${o.method.toUpperCase()} ${esc(o.path)}</a></li>`,
            )
            .join('') +
          '</ul></li>',
        main:
          `<section aria-labelledby="${id}"><h2 id="${id}">${esc(tag.name)}</h2><p>${esc(tag.description)}</p>` +
          ops.map((o) => operationHtml(o.method, o.path, o.op)).join('') +
          '</section>',
      };
    })
    .filter((s) => s.main.includes('<article'));
  const apiError: JsonSchema | undefined = d.components.schemas.ApiError;
  return (
    '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${esc(d.info.title)}: reference</title><style>${style}</style></head><body>` +
    `<header><h1>${esc(d.info.title)}</h1><p>Version ${esc(d.info.version)}. ${esc(d.info.description)}</p>` +
    '<p>The machine-readable contract: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p></header>' +
    `<nav aria-label="Operations"><h2>Operations</h2><ul>${sections.map((s) => s.nav).join('')}</ul></nav>` +
    `<main>${sections.map((s) => s.main).join('')}` +
    `<section aria-labelledby="errors"><h2 id="errors">Errors</h2><p>Every 4xx and 5xx answer has this body; ` +
    'each operation lists the codes it can answer with, by status.</p>' +
    `${schemaText(apiError ?? {})}</section></main></body></html>`
  );
}
