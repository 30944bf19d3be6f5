// Every setting the service reads, with its parser and default (docs/configuration.md). Parsers
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

/** A non-negative integer such as a count or a limit. */
export function count(fallback: number): Parser<number> {
  return (raw, name, problems) => {
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) {
      problems.push(`${name} must be a whole number >= 0, got '${raw}'`);
      return fallback;
    }
    return value;
  };
}

/** A whole number from `min` to `max`, such as a pool size. */
export function between(min: number, max: number, fallback: number): Parser<number> {
  return (raw, name, problems) => {
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got '${raw}'`);
      return fallback;
    }
    return value;
  };
}

/** Comma-separated http(s) origins such as `https://app.example.org,http://localhost:5173`. */
export function originList(): Parser<readonly string[]> {
  return (raw, name, problems) => {
    if (raw === undefined || raw.trim() === '') return [];
    const origins: string[] = [];
    for (const item of raw
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      try {
        const parsed = new URL(item);
        if (
          (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
          parsed.origin !== item.replace(/\/$/, '')
        ) {
          problems.push(`${name} must list origins (scheme://host[:port]) only, got '${item}'`);
        } else {
          origins.push(parsed.origin);
        }
      } catch {
        problems.push(`${name} must list absolute origins, got '${item}'`);
      }
    }
    return origins;
  };
}

/** Comma-separated product ids in `BASE-QUOTE` form (`BTC-USD,ETH-USD`); unset or empty: null. */
export function productList(): Parser<readonly string[] | null> {
  return (raw, name, problems) => {
    if (raw === undefined || raw.trim() === '') return null;
    const items = raw.split(',').map((part) => part.trim());
    const bad = items.filter((item) => !/^[A-Z0-9]{1,15}-[A-Z0-9]{1,15}$/.test(item));
    if (bad.length > 0) problems.push(`${name} must list product ids such as BTC-USD, got '${bad.join("', '")}'`);
    return [...new Set(items.filter((item) => !bad.includes(item)))];
  };
}

/** A Redis key prefix such as `staging:`: letters, digits and `:._-`, at most 64 characters. */
export function redisPrefix(): Parser<string> {
  return (raw, name, problems) => {
    if (raw === undefined || raw === '') return '';
    if (!/^[A-Za-z0-9:._-]{1,64}$/.test(raw)) {
      problems.push(`${name} must be 1 to 64 letters, digits or ':._-' (for example 'staging:'), got '${raw}'`);
      return '';
    }
    return raw;
  };
}
