// JSON with its numbers kept as written (docs/providers.md#clients): a price such as
// 0.000000012345678901234567 or a market cap beyond 2^53 would lose digits as a JavaScript number,
// so the parser keeps each number's source text (JSON.parse source text access) and a server
// writes it back verbatim (JSON.rawJSON). Both are in Node 24; TypeScript's es2024 lib lacks them.

/** A JSON number as written in the document, e.g. `94250.12` or `1.23e-8`. */
export class JsonNumber {
  readonly source: string;
  constructor(source: string) {
    this.source = source;
  }
}

type ReviverWithSource = (this: unknown, key: string, value: unknown, context: { source?: string }) => unknown;

const keepNumbers: ReviverWithSource = (_key, value, context) =>
  typeof value === 'number' && context?.source !== undefined ? new JsonNumber(context.source) : value;

/** The parsed document with every number a JsonNumber; undefined when `text` is not JSON. */
export function parseJsonKeepingNumbers(text: string): unknown {
  try {
    return JSON.parse(text, keepNumbers as Parameters<typeof JSON.parse>[1]) as unknown;
  } catch {
    return undefined;
  }
}

const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

/** A value that JSON.stringify writes as the number `text` exactly, digit for digit. */
export function rawJsonNumber(text: string): unknown {
  if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)) throw new Error(`not a JSON number: ${text}`);
  return rawJson(text);
}
