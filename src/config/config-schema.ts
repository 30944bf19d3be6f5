// Every setting the service reads, with its parser and default (DESIGN.md §4). Parsers
// collect problems instead of throwing so that start-up can list every bad setting at once.

export type Parser<T> = (raw: string | undefined, name: string, problems: string[]) => T;

export function port(fallback: number): Parser<number> {
  return (raw, name, problems) => {
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > 65535) {
      problems.push(`${name} must be a TCP port number (0-65535), got '${raw}'`);
      return fallback;
    }
    return value;
  };
}

export function text(fallback?: string): Parser<string | undefined> {
  return (raw) => (raw === undefined || raw === '' ? fallback : raw);
}

export function url(options: { protocols: string[] }): Parser<string | undefined> {
  return (raw, name, problems) => {
    if (raw === undefined || raw === '') return undefined;
    try {
      const parsed = new URL(raw);
      if (!options.protocols.includes(parsed.protocol)) {
        problems.push(`${name} must use one of ${options.protocols.join(', ')}, got '${parsed.protocol}'`);
      }
      return raw;
    } catch {
      problems.push(`${name} must be an absolute URL, got '${raw}'`);
      return undefined;
    }
  };
}

export function oneOf<const T extends string>(values: readonly T[], fallback: T | undefined): Parser<T | undefined> {
  return (raw, name, problems) => {
    if (raw === undefined || raw === '') return fallback;
    if ((values as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name} must be one of ${values.join(', ')}, got '${raw}'`);
    return fallback;
  };
}

export function secret(minLength: number): Parser<string | undefined> {
  return (raw, name, problems) => {
    if (raw === undefined || raw === '') return undefined;
    if (raw.length < minLength) problems.push(`${name} must be at least ${minLength} characters long`);
    return raw;
  };
}
