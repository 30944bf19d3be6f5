// HTML pieces of the permission matrix page (render-matrix-page.ts): every text escaped, the views'
// inline code (`name`) as <code>, tables with a header row.
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (found) => entities[found] as string);
}

/** A line of the Markdown views as HTML: escaped, with `inline code` as <code>. */
export function inlineHtml(text: string): string {
  return escapeHtml(text).replace(/`([^`]*)`/g, '<code>$1</code>');
}

/** An id usable in a fragment link: roles and tables are SQL-ish names already. */
export function anchor(kind: 'role' | 'table', name: string): string {
  return `${kind}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

export function link(kind: 'role' | 'table', name: string): string {
  return `<a href="#${anchor(kind, name)}"><code>${escapeHtml(name)}</code></a>`;
}

/** A table; header and cells are HTML already (escape text with escapeHtml or inlineHtml). */
export function htmlTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  className: string,
): string[] {
  return [
    `<table class="${className}">`,
    `<thead><tr>${header.map((cell) => `<th scope="col">${cell}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...rows.map(
      ([first, ...rest]) =>
        `<tr><th scope="row">${first ?? ''}</th>${rest.map((cell) => `<td>${cell}</td>`).join('')}</tr>`,
    ),
    '</tbody>',
    '</table>',
  ];
}
