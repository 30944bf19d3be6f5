// A value as TypeScript source, formatted the same way on every run: keys in the order
// given (callers sort them), single quotes, trailing commas, and a container kept on one
// line only when it fits the width.
const maxWidth = 120;
const identifier = /^[A-Za-z_$][\w$]*$/;

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}'`;
}

function renderKey(key: string): string {
  return identifier.test(key) ? key : quote(key);
}

function renderScalar(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new TypeError(`cannot render ${typeof value} as a TypeScript literal`);
}

function renderInline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(renderInline).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([key, item]) => `${renderKey(key)}: ${renderInline(item)}`).join(', ')} }`;
  }
  return renderScalar(value);
}

/** Scalars packed into as few lines as fit (long column lists stay readable). */
function renderFilled(items: readonly unknown[], indent: number): string {
  const inner = ' '.repeat(indent + 2);
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const text = `${renderScalar(item)},`;
    if (line !== '' && inner.length + line.length + 1 + text.length > maxWidth) {
      lines.push(line);
      line = text;
    } else {
      line = line === '' ? text : `${line} ${text}`;
    }
  }
  lines.push(line);
  return `[\n${lines.map((text) => `${inner}${text}`).join('\n')}\n${' '.repeat(indent)}]`;
}

/** `column` is where the value starts on its line, so the width check is exact. */
export function renderTsLiteral(value: unknown, indent = 0, column = indent): string {
  const inline = renderInline(value);
  if (typeof value !== 'object' || value === null || column + inline.length <= maxWidth) return inline;
  const inner = ' '.repeat(indent + 2);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((item) => typeof item !== 'object' || item === null)) return renderFilled(value, indent);
    const items = value.map((item) => `${inner}${renderTsLiteral(item, indent + 2)},`);
    return `[\n${items.join('\n')}\n${' '.repeat(indent)}]`;
  }
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  const lines = entries.map(([key, item]) => {
    const head = `${inner}${renderKey(key)}: `;
    return `${head}${renderTsLiteral(item, indent + 2, head.length)},`;
  });
  return `{\n${lines.join('\n')}\n${' '.repeat(indent)}}`;
}
