import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { parse } from "yaml";

/**
 * Checks a request against the BACEN API Pix OpenAPI document (test/fixtures, v2.9.0) with ajv:
 * the operation must exist, path and query parameters and the JSON body must match the
 * document's own schemas, an API call must carry a Bearer token, and a body must be JSON.
 *
 * Three faithful adaptations of the document: its `$ref`s are rewritten to point into the loaded
 * document; patterns written between slashes (`"/^\\d{11}$/"` for devedor.cpf, a known
 * spec bug) lose the slashes, since as written no CPF could ever match; and CobVValor's
 * `desconto.oneOf` gets `required: ["descontoDataFixa"]` on its first branch, which has none as
 * written, so a per-day discount `{modalidade: 3, valorPerc}` matches both branches and no
 * per-day discount (modalidades 3 to 6) could ever be sent.
 */
const SPEC_FILE = new URL("../../fixtures/bacen-pix-api-v2.9.0.yaml", import.meta.url);
const METHODS = ["get", "put", "post", "patch", "delete"] as const;
const ID = "bacen";

type Param = { name: string; in: string; required?: boolean; schema?: unknown };
type Operation = {
  method: string;
  template: string;
  regex: RegExp;
  names: string[];
  literalSegments: number;
  params: { param: Param; check: () => ValidateFunction }[];
  body?: { required: boolean; check: () => ValidateFunction };
};

export type RequestToCheck = {
  method: string;
  /** Path below the API prefix, e.g. /cob/abc. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
};

export type BacenValidator = { check(req: RequestToCheck): string[] };

// ajv-formats is CommonJS with a default export; under NodeNext the callable sits on .default.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv) => Ajv;

export function loadBacenValidator(): BacenValidator {
  const doc = applyReadings(
    rewrite(parse(readFileSync(SPEC_FILE, "utf8"))) as Record<string, unknown>,
  );
  const strict = addFormats(new Ajv({ strict: false, allErrors: true }));
  const coercing = addFormats(new Ajv({ strict: false, allErrors: true, coerceTypes: true }));
  strict.addSchema({ ...doc, $id: ID });
  coercing.addSchema({ ...doc, $id: ID });
  const resolve = <T>(v: unknown): T => {
    const ref = (v as { $ref?: string })?.$ref;
    if (!ref) return v as T;
    const pointer = ref.slice(`${ID}#/`.length).split("/");
    let node: unknown = doc;
    for (const key of pointer) node = (node as Record<string, unknown>)[key.replace(/~1/g, "/")];
    return resolve<T>(node);
  };

  const ops: Operation[] = [];
  for (const [template, item] of Object.entries(
    doc.paths as Record<string, Record<string, unknown>>,
  )) {
    const common = ((item.parameters as unknown[]) ?? []).map((p) => resolve<Param>(p));
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      // An operation with its own `servers` is served on another host (GET /rec/{recUrlAccessToken},
      // the payload behind a QR's location), never under the API prefix: not an API operation.
      if (!op || op.servers) continue;
      const own = ((op.parameters as unknown[]) ?? []).map((p) => resolve<Param>(p));
      const names: string[] = [];
      const pattern = template
        .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
        .replace(/\{(\w+)\}/g, (_, n) => {
          names.push(n);
          return "([^/]+)";
        });
      const operation: Operation = {
        method: method.toUpperCase(),
        template,
        regex: new RegExp(`^${pattern}$`),
        names,
        literalSegments: template.split("/").filter((s) => s && !s.startsWith("{")).length,
        params: [...common, ...own].map((param) => ({
          param,
          check: lazy(() =>
            coercing.compile({ type: "object", properties: { v: param.schema ?? {} } }),
          ),
        })),
      };
      const rb = op.requestBody ? resolve<Record<string, unknown>>(op.requestBody) : undefined;
      const schema = (rb?.content as Record<string, { schema?: unknown }> | undefined)?.[
        "application/json"
      ]?.schema;
      if (schema) {
        operation.body = {
          required: rb?.required === true,
          check: lazy(() => strict.compile(schema)),
        };
      }
      ops.push(operation);
    }
  }
  ops.sort((a, b) => b.literalSegments - a.literalSegments);

  return {
    check(req) {
      const candidates = ops.filter((o) => o.regex.test(req.path));
      const op = candidates.find((o) => o.method === req.method);
      if (!op) {
        return [
          candidates.length > 0
            ? `${req.method} is not an operation of ${candidates[0]?.template}`
            : `no operation for ${req.method} ${req.path}`,
        ];
      }
      const out: string[] = [];
      const values = op.regex.exec(req.path)?.slice(1) ?? [];
      const pathValues = new Map(op.names.map((n, i) => [n, decodeURIComponent(values[i] ?? "")]));
      for (const { param, check } of op.params) {
        const value = param.in === "path" ? pathValues.get(param.name) : req.query.get(param.name);
        if (param.in !== "path" && param.in !== "query") continue;
        if (value === undefined || value === null) {
          if (param.required) out.push(`${param.in} parameter ${param.name} is required`);
          continue;
        }
        const fn = check();
        if (!fn({ v: value })) {
          out.push(`${param.in} parameter ${param.name}:${errorsText(fn).replace(/^\/v/, "")}`);
        }
      }
      const auth = String(req.headers.authorization ?? "");
      if (!/^Bearer \S+$/.test(auth)) out.push("header authorization: a Bearer token is required");
      if (op.body) {
        if (req.rawBody.trim() === "") {
          if (op.body.required) out.push("request body is required");
        } else if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) {
          out.push("header content-type: application/json is required with a body");
        } else {
          let body: unknown;
          try {
            body = JSON.parse(req.rawBody);
            const fn = op.body.check();
            if (!fn(body)) out.push(`body: ${errorsText(fn)}`);
          } catch {
            out.push("body is not JSON");
          }
        }
      } else if (req.rawBody.trim() !== "") {
        out.push(`${op.method} ${op.template} takes no body`);
      }
      return out;
    },
  };
}

/** Compiling the whole document takes most of a second; operations compile when first used. */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

let loaded: BacenValidator | undefined;
/** One validator per process: the document does not change between tests. */
export function bacenValidator(): BacenValidator {
  loaded ??= loadBacenValidator();
  return loaded;
}

function errorsText(fn: ValidateFunction): string {
  return (fn.errors ?? [])
    .map((e) => `${e.instancePath || "/"} ${e.message ?? "invalid"}`)
    .join("; ");
}

/**
 * Where the file's `required` lists contradict its own descriptions and examples, the peer
 * follows the descriptions (README, "Readings of the file"). RecBase, inherited by
 * RecSolicitada (POST /rec's body), requires `idRec`, which the PSP assigns in its answer
 * (RecId's description; recBody1/recBody2 carry none), and `retentativa`, a property that
 * exists nowhere (the field is `politicaRetentativa`, required by RecConfiguracao).
 * SolicRecBase (POST /solicrec) requires `pagador`, a property it does not define; its example
 * solicRecBody1 has none (the payer's account is `destinatario`).
 */
export function applyReadings(doc: Record<string, unknown>): Record<string, unknown> {
  const schemas = (doc.components as { schemas: Record<string, { required?: string[] }> }).schemas;
  const recBase = schemas.RecBase;
  if (recBase?.required) {
    recBase.required = recBase.required.filter((f) => f !== "idRec" && f !== "retentativa");
  }
  const solic = schemas.SolicRecBase;
  if (solic?.required) solic.required = solic.required.filter((f) => f !== "pagador");
  return doc;
}

/** `$ref: "#/…"` -> `"bacen#/…"`; `pattern: "/re/"` -> `"re"`. */
function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "$ref" && typeof v === "string" && v.startsWith("#/")) out[k] = `${ID}${v}`;
    else if (k === "pattern" && typeof v === "string" && /^\/.*\/$/.test(v))
      out[k] = v.slice(1, -1);
    else out[k] = rewrite(v);
  }
  const first = (out.oneOf as Record<string, unknown>[] | undefined)?.[0];
  const props = first?.properties as Record<string, unknown> | undefined;
  if (first && props?.descontoDataFixa && !first.required) first.required = ["descontoDataFixa"];
  return out;
}
