// Finds the absolute URLs a served file would make a browser load (docs/api-explorer.md#no-outside-requests):
// HTML `src`/`href` attributes, CSS `url()` and `@import`, and in scripts `src` assignments,
// module imports, and fetch/worker/script-import calls with a literal URL. Links a person may
// follow (`<a href>` in HTML, `href` in scripts) are navigation, not loads, and are not reported
// from scripts.
const absolute = String.raw`((?:[a-z][a-z0-9+.-]*:)?//[^\s"'\x60)<>]+)`;

const patterns: Record<'html' | 'css' | 'js', RegExp[]> = {
  html: [
    new RegExp(String.raw`<(?!a\b)[a-z]+\b[^>]*?\s(?:src|href|srcset|poster|data|action)\s*=\s*["']?${absolute}`, 'gi'),
  ],
  css: [
    new RegExp(String.raw`url\(\s*["']?${absolute}`, 'gi'),
    new RegExp(String.raw`@import\s+(?:url\(\s*)?["']?${absolute}`, 'gi'),
  ],
  js: [
    new RegExp(String.raw`\bsrc\s*[:=]\s*(?:[^,;)]{0,40}\?\s*)?["'\x60]${absolute}`, 'g'),
    new RegExp(String.raw`\bsrc\s*[:=][^,;]{0,80}:\s*["'\x60]${absolute}`, 'g'),
    new RegExp(String.raw`\bimport\s*\(\s*["'\x60]${absolute}`, 'g'),
    new RegExp(String.raw`\bfrom\s*["'\x60]${absolute}`, 'g'),
    new RegExp(
      String.raw`\b(?:importScripts|fetch|Worker|SharedWorker|EventSource|WebSocket)\s*\(\s*["'\x60]${absolute}`,
      'g',
    ),
    new RegExp(String.raw`url\(\s*["']?${absolute}`, 'gi'),
    new RegExp(String.raw`@import\s+(?:url\(\s*)?["']?${absolute}`, 'gi'),
  ],
};

/** Every absolute URL the file would load, sorted, each once. */
export function externalLoads(text: string, kind: 'html' | 'css' | 'js'): string[] {
  const found = new Set<string>();
  for (const pattern of patterns[kind]) for (const match of text.matchAll(pattern)) found.add(match[1] as string);
  return [...found].sort();
}
