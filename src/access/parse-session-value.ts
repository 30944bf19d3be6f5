// Session variables arrive as strings (headers or token claims, docs/data-layer.md#authentication);
// this turns one into the typed value rules compare with. Arrays use the Postgres array literal
// syntax: `{1,2,3}`, `{}`, `{"a b",c}`.
import type { SessionVariableType } from './permission-model.ts';
import type { SessionScalar, SessionValue } from './interpolate-session-variables.ts';

const integerPattern = /^-?\d+$/;
const decimalPattern = /^-?\d+(\.\d+)?$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function invalid(type: string, raw: string): Error {
  return new Error(`invalid ${type} session value ${JSON.stringify(raw)}`);
}

function parseArrayLiteral(raw: string): string[] {
  const text = raw.trim();
  if (!text.startsWith('{') || !text.endsWith('}'))
    throw new Error(`expected a Postgres array literal like {1,2,3}, got ${JSON.stringify(raw)}`);
  const body = text.slice(1, -1);
  if (body.trim() === '') return [];
  const items: string[] = [];
  let index = 0;
  while (index <= body.length) {
    while (body[index] === ' ') index += 1;
    let item = '';
    if (body[index] === '"') {
      index += 1;
      while (index < body.length && body[index] !== '"') {
        if (body[index] === '\\') index += 1;
        item += body[index] ?? '';
        index += 1;
      }
      if (body[index] !== '"') throw new Error(`unterminated quoted element in ${JSON.stringify(raw)}`);
      index += 1;
      while (body[index] === ' ') index += 1;
    } else {
      while (index < body.length && body[index] !== ',') item += body[index++];
      item = item.trim();
      if (item === '' || item.toUpperCase() === 'NULL')
        throw new Error(`empty or NULL element in ${JSON.stringify(raw)}`);
    }
    items.push(item);
    if (index >= body.length) break;
    if (body[index] !== ',') throw new Error(`expected ',' at position ${index + 1} of ${JSON.stringify(raw)}`);
    index += 1;
  }
  return items;
}

function parseScalar(type: string, raw: string): SessionScalar {
  switch (type) {
    case 'integer': {
      const value = Number(raw);
      if (!integerPattern.test(raw) || !Number.isSafeInteger(value)) throw invalid(type, raw);
      return value;
    }
    case 'numeric': // kept as text: exact decimals, like pg returns numeric
      if (!decimalPattern.test(raw)) throw invalid(type, raw);
      return raw;
    case 'uuid':
      if (!uuidPattern.test(raw)) throw invalid(type, raw);
      return raw.toLowerCase();
    case 'boolean':
      if (/^(true|t)$/i.test(raw)) return true;
      if (/^(false|f)$/i.test(raw)) return false;
      throw invalid(type, raw);
    default:
      return raw;
  }
}

export function parseSessionValue(type: SessionVariableType, raw: string): SessionValue {
  if (type.endsWith('[]')) {
    const elementType = type.slice(0, -2);
    return parseArrayLiteral(raw).map((item) => parseScalar(elementType, item));
  }
  return parseScalar(type, raw);
}
