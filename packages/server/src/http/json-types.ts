import type { FieldError } from '@evfleet/domain';
import { z } from 'zod';

/**
 * Strict JSON types in request bodies. The domain schemas serve the web forms too, whose selects and
 * text boxes hold numbers as text, so they turn '12' into 12; a JSON body must not lean on that: a
 * number field takes a JSON number (not "2", not true) and a flag takes true or false (not "true",
 * not 1). The rule is read from each route's own body schema (its JSON Schema, as in the API
 * document), so it is decided once for every field. Objects and arrays are left to the schema (a
 * relation may be written {id} or as a bare id, §3), as are empty texts (a form's "none chosen",
 * which the field's own message answers).
 */
interface Node {
  type?: string | string[];
  properties?: Record<string, Node>;
  additionalProperties?: Node | boolean;
  items?: Node | Node[];
  prefixItems?: Node[];
  anyOf?: Node[];
  oneOf?: Node[];
  $ref?: string;
  $defs?: Record<string, Node>;
}

export const NUMBER_MESSAGE = 'must be a number';
export const FLAG_MESSAGE = 'must be true or false';

const schemas = new WeakMap<object, Node | null>();

/** The JSON Schema of what a zod body schema accepts; null when it cannot be told. */
export function bodyJsonSchema(schema: unknown): Node | null {
  if (!(schema instanceof z.ZodType)) return null;
  if (!schemas.has(schema)) {
    try {
      schemas.set(
        schema,
        z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as Node,
      );
    } catch {
      schemas.set(schema, null);
    }
  }
  return schemas.get(schema) ?? null;
}

const typesOf = (node: Node, root: Node): Set<string> | null => {
  const resolved = resolve(node, root);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives) {
    const all = new Set<string>();
    for (const a of alternatives) {
      const t = typesOf(a, root);
      if (!t) return null;
      t.forEach((x) => all.add(x));
    }
    return all;
  }
  if (!resolved.type) return null;
  return new Set(Array.isArray(resolved.type) ? resolved.type : [resolved.type]);
};

function resolve(node: Node, root: Node): Node {
  const ref = node.$ref?.match(/^#\/\$defs\/(.+)$/)?.[1];
  return ref && root.$defs?.[ref] ? root.$defs[ref] : node;
}

/** The types, besides null, are all among the allowed ones (and there is at least one). */
const only = (types: Set<string>, allowed: string[]) => {
  const named = [...types].filter((t) => t !== 'null');
  return named.length > 0 && named.every((t) => allowed.includes(t));
};

/**
 * Every scalar of the body whose JSON type the schema does not take, as field errors. Recursive:
 * the input rules have already refused bodies nested deeper than MAX_DEPTH.
 */
export function jsonTypeProblems(value: unknown, root: Node, objectName = 'body'): FieldError[] {
  const problems: FieldError[] = [];
  walk(value, root, root, '', objectName, problems);
  return problems;
}

function walk(value: unknown, node: Node, root: Node, path: string, objectName: string, problems: FieldError[]): void {
  const here = resolve(node, root);
  const types = typesOf(here, root);
  const field = path || objectName;
  const text = typeof value === 'string' && value !== '';
  if (types && (text || typeof value === 'boolean') && only(types, ['number', 'integer']))
    problems.push({ objectName, field, message: NUMBER_MESSAGE });
  else if (types && (text || typeof value === 'number') && only(types, ['boolean']))
    problems.push({ objectName, field, message: FLAG_MESSAGE });
  else if (Array.isArray(value)) {
    value.forEach((v, i) => {
      const item = here.prefixItems?.[i] ?? (Array.isArray(here.items) ? here.items[i] : here.items);
      if (item) walk(v, item, root, `${path}[${i}]`, objectName, problems);
    });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const child =
        here.properties?.[key] ??
        (typeof here.additionalProperties === 'object' ? here.additionalProperties : undefined);
      if (child) walk(item, child, root, path ? `${path}.${key}` : key, objectName, problems);
    }
  }
}
