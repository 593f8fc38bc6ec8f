// A small JSON Schema (draft 2020-12) validator for the subset the published schemas use.
//
// Supported keywords: $ref (local "#/$defs/..." only), type, const, enum, anyOf, oneOf,
// properties, required, additionalProperties, propertyNames, items, prefixItems,
// minItems, maxItems, uniqueItems, minimum, maximum, maxLength, minLength, pattern.
// Annotations ($schema, $id, $defs, title, description, default) are ignored. Any other
// keyword is an error of the schema, not a silent pass: a schema this validator does
// not understand is never taken to accept everything.

const ANNOTATIONS = new Set(["$schema", "$id", "$defs", "title", "description", "default"]);
const KNOWN = new Set([
  ...ANNOTATIONS,
  "$ref", "type", "const", "enum", "anyOf", "oneOf", "properties", "required",
  "additionalProperties", "propertyNames", "items", "prefixItems", "minItems", "maxItems",
  "uniqueItems", "minimum", "maximum", "maxLength", "minLength", "pattern",
]);

function typeOf(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value; // "string", "boolean", "object"
}

function fitsType(value, type) {
  const actual = typeOf(value);
  if (type === "number") return actual === "number" || actual === "integer";
  return actual === type;
}

// JSON equality: objects compare by their members, whatever their order.
export function jsonEqual(a, b) {
  if (a === b) return true;
  const ta = typeOf(a);
  if (ta !== typeOf(b) && !(typeof a === "number" && typeof b === "number")) return false;
  if (ta === "array") return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  if (ta === "object") {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && jsonEqual(a[k], b[k]));
  }
  return false;
}

// Characters as JSON Schema counts them: code points, not UTF-16 units.
function length(text) {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

export class Validator {
  constructor(document) {
    this.document = document;
    this.patterns = new Map();
  }

  // Every problem of `value` against the document (or one of its $defs), as strings.
  errors(value, ref = null) {
    const problems = [];
    const schema = ref === null ? this.document : this.resolve(ref);
    this.check(value, schema, "$", problems);
    return problems;
  }

  resolve(ref) {
    if (!ref.startsWith("#/$defs/")) throw new Error(`unsupported $ref ${ref}`);
    const found = (this.document.$defs || {})[ref.slice("#/$defs/".length)];
    if (found === undefined) throw new Error(`unresolved $ref ${ref}`);
    return found;
  }

  regex(pattern) {
    let found = this.patterns.get(pattern);
    if (found === undefined) {
      found = new RegExp(pattern, "u");
      this.patterns.set(pattern, found);
    }
    return found;
  }

  check(value, schema, path, problems) {
    if (schema === true) return;
    if (schema === false) {
      problems.push(`${path}: no value is allowed here`);
      return;
    }
    for (const key of Object.keys(schema)) {
      if (!KNOWN.has(key)) throw new Error(`unsupported schema keyword ${key} at ${path}`);
    }
    if ("$ref" in schema) this.check(value, this.resolve(schema.$ref), path, problems);
    if ("type" in schema) {
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      if (!types.some((type) => fitsType(value, type))) {
        problems.push(`${path}: expected ${types.join(" or ")}, got ${typeOf(value)}`);
        return;
      }
    }
    if ("const" in schema && !jsonEqual(value, schema.const)) {
      problems.push(`${path}: expected ${JSON.stringify(schema.const)}`);
    }
    if ("enum" in schema && !schema.enum.some((option) => jsonEqual(value, option))) {
      problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
    }
    if ("anyOf" in schema) {
      const fits = schema.anyOf.some((option) => this.errorsOf(value, option, path).length === 0);
      if (!fits) problems.push(`${path}: fits none of anyOf`);
    }
    if ("oneOf" in schema) {
      const fitting = schema.oneOf.filter((option) => this.errorsOf(value, option, path).length === 0);
      if (fitting.length !== 1) problems.push(`${path}: fits ${fitting.length} of oneOf, not 1`);
    }
    const type = typeOf(value);
    if (type === "object") this.checkObject(value, schema, path, problems);
    if (type === "array") this.checkArray(value, schema, path, problems);
    if (type === "string") {
      if ("maxLength" in schema && length(value) > schema.maxLength) {
        problems.push(`${path}: longer than ${schema.maxLength} characters`);
      }
      if ("minLength" in schema && length(value) < schema.minLength) {
        problems.push(`${path}: shorter than ${schema.minLength} characters`);
      }
      if ("pattern" in schema && !this.regex(schema.pattern).test(value)) {
        problems.push(`${path}: does not match ${schema.pattern}`);
      }
    }
    if (type === "integer" || type === "number") {
      if ("minimum" in schema && value < schema.minimum) problems.push(`${path}: below ${schema.minimum}`);
      if ("maximum" in schema && value > schema.maximum) problems.push(`${path}: above ${schema.maximum}`);
    }
  }

  errorsOf(value, schema, path) {
    const problems = [];
    this.check(value, schema, path, problems);
    return problems;
  }

  checkObject(value, schema, path, problems) {
    const properties = schema.properties || {};
    for (const name of schema.required || []) {
      if (!Object.hasOwn(value, name)) problems.push(`${path}: missing ${name}`);
    }
    for (const [key, item] of Object.entries(value)) {
      const where = `${path}.${key}`;
      if ("propertyNames" in schema) this.check(key, schema.propertyNames, where, problems);
      // Own properties only: `key in properties` would find "constructor" or "toString"
      // on Object.prototype and let such a field pass additionalProperties: false.
      if (Object.hasOwn(properties, key)) {
        this.check(item, properties[key], where, problems);
      } else if ("additionalProperties" in schema) {
        if (schema.additionalProperties === false) problems.push(`${path}: unknown field ${key}`);
        else this.check(item, schema.additionalProperties, where, problems);
      }
    }
  }

  checkArray(value, schema, path, problems) {
    if ("minItems" in schema && value.length < schema.minItems) problems.push(`${path}: too few items`);
    if ("maxItems" in schema && value.length > schema.maxItems) problems.push(`${path}: too many items`);
    const prefix = schema.prefixItems || [];
    prefix.forEach((itemSchema, i) => {
      if (i < value.length) this.check(value[i], itemSchema, `${path}[${i}]`, problems);
    });
    if ("items" in schema) {
      for (let i = prefix.length; i < value.length; i += 1) {
        this.check(value[i], schema.items, `${path}[${i}]`, problems);
      }
    }
    if (schema.uniqueItems) {
      for (let i = 0; i < value.length; i += 1) {
        for (let j = i + 1; j < value.length; j += 1) {
          if (jsonEqual(value[i], value[j])) problems.push(`${path}: items ${i} and ${j} are equal`);
        }
      }
    }
  }
}
