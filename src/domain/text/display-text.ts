// Free text the platform stores and shows to people (wallet and address labels, comments,
// reasons; docs/custody.md#wallet-operations): no control character, and no character that
// reorders or hides text. A label "Savings\u202Egnp.exe" displays as "Savingsexe.png", and a
// control character breaks the line or the terminal it is printed on. The one home of the rule:
// inputs are refused with it (VALIDATION_FAILED naming the field), uploaded file names are
// cleaned with the same characters (src/domain/files/original-file-name.ts).

// The invisible formatting marks: zero-width space to right-to-left mark (U+200B–U+200F), the
// embeddings and overrides (U+202A–U+202E), word joiner and invisible operators (U+2060–U+2064),
// the isolates (U+2066–U+2069), and the byte order mark.
const formatting = '\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff';
// C0 and C1 controls and DEL.
const controls = '\\u0000-\\u001f\\u007f-\\u009f';

/** Every character the rule refuses, for a text cleaned rather than refused (file names). */
export const hiddenOrControlCharacters = new RegExp(`[${controls}${formatting}]`, 'gu');

const inLine = new RegExp(`[${controls}${formatting}]`, 'u');
// Multi-line notes keep line feed, carriage return and tab.
const inNote = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${formatting}]`, 'u');

/**
 * What makes `value` unfit to display, for a message (`contains …`); null when it is fit.
 * `multiline`: a note, where line breaks and tabs belong; otherwise one line.
 */
export function undisplayableText(value: string, options: { multiline?: boolean } = {}): string | null {
  const found = (options.multiline ? inNote : inLine).exec(value);
  if (!found) return null;
  const code = found[0].codePointAt(0)!;
  const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return new RegExp(`[${formatting}]`, 'u').test(found[0])
    ? `contains an invisible or bidirectional formatting character (${name})`
    : `contains a control character (${name})`;
}
