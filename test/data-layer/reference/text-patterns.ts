// The reference's own reading of PostgreSQL's text patterns as JavaScript RegExps, written from
// the PostgreSQL manual (functions-matching), sharing nothing with the compiler: LIKE, SIMILAR TO
// (anchored; `%` `_` `|` `*` `+` `?` `{m,n}` `( )` `[...]` are special, `.` `^` `$` are
// literal, `\` escapes) and POSIX regular expressions restricted to a subset where JavaScript
// and PostgreSQL's ARE flavour agree: literal characters (metacharacters escaped with `\`), `.`,
// `^`, `$`, `*`, `+`, `?`, `|`, `( )`, and bracket expressions of literal ASCII characters and
// ranges. The generator writes only that subset; anything else here throws rather than guess.
// Case-insensitive matching relies on ASCII case folding, so the generator keeps patterns
// ASCII (PostgreSQL's ILIKE and `~*` fold by the database's locale).

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const flags = (caseInsensitive: boolean) => (caseInsensitive ? 'isu' : 'su');

/** PostgreSQL LIKE: `%` any run, `_` one character, backslash escapes the next character. */
export function likePattern(pattern: string, caseInsensitive: boolean): RegExp {
  let source = '';
  const characters = [...pattern];
  for (let index = 0; index < characters.length; index += 1) {
    const character = characters[index] as string;
    if (character === '\\' && index + 1 < characters.length) {
      index += 1;
      source += escapeRegExp(characters[index] as string);
    } else if (character === '%') source += '.*';
    else if (character === '_') source += '.';
    else source += escapeRegExp(character);
  }
  return new RegExp(`^${source}$`, flags(caseInsensitive));
}

/** A bracket expression `[...]` starting at `start`: its JavaScript form and the index after it. */
function bracket(characters: readonly string[], start: number): [string, number] {
  let index = start + 1;
  let body = '';
  if (characters[index] === '^') {
    body += '^';
    index += 1;
  }
  // A `]` first in the list is literal (POSIX).
  if (characters[index] === ']') {
    body += '\\]';
    index += 1;
  }
  for (; index < characters.length; index += 1) {
    const character = characters[index] as string;
    if (character === ']') return [`[${body}]`, index + 1];
    if (character === '[' || character === '\\' || !/^[\x20-\x7e]$/.test(character))
      throw new Error(`reference: bracket expression outside the supported subset at '${characters.join('')}'`);
    body += character === '-' ? '-' : escapeRegExp(character);
  }
  throw new Error(`reference: unterminated bracket expression in '${characters.join('')}'`);
}

/** PostgreSQL SIMILAR TO: the whole value must match; the pattern is SQL's regex dialect. */
export function similarPattern(pattern: string, caseInsensitive = false): RegExp {
  const characters = [...pattern];
  let source = '';
  for (let index = 0; index < characters.length;) {
    const character = characters[index] as string;
    if (character === '\\') {
      const next = characters[index + 1];
      if (next === undefined) throw new Error(`reference: SIMILAR TO pattern ends with an escape: '${pattern}'`);
      source += escapeRegExp(next);
      index += 2;
    } else if (character === '[') {
      const [part, after] = bracket(characters, index);
      source += part;
      index = after;
    } else {
      if (character === '%') source += '.*';
      else if (character === '_') source += '.';
      else if (character === '(') source += '(?:';
      else if ('|*+?){}'.includes(character)) source += character;
      else source += escapeRegExp(character);
      index += 1;
    }
  }
  return new RegExp(`^(?:${source})$`, flags(caseInsensitive));
}

/** A POSIX regular expression of the supported subset (unanchored unless it says `^`/`$`). */
export function posixPattern(pattern: string, caseInsensitive: boolean): RegExp {
  const characters = [...pattern];
  let source = '';
  for (let index = 0; index < characters.length;) {
    const character = characters[index] as string;
    if (character === '\\') {
      const next = characters[index + 1];
      if (next === undefined || /[0-9A-Za-z]/.test(next))
        throw new Error(`reference: escape '\\${next ?? ''}' outside the supported regex subset in '${pattern}'`);
      source += escapeRegExp(next);
      index += 2;
    } else if (character === '[') {
      const [part, after] = bracket(characters, index);
      source += part;
      index = after;
    } else {
      if (character === '(') source += '(?:';
      else if ('.^$*+?|)'.includes(character)) source += character;
      else if (character === '{' || character === '}')
        throw new Error(`reference: bounds outside the supported regex subset in '${pattern}'`);
      else source += escapeRegExp(character);
      index += 1;
    }
  }
  return new RegExp(source, flags(caseInsensitive));
}
