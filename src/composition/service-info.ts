// The service's name and version, from package.json: the health routes report them (GET /).
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
};

export const serviceInfo = { name: manifest.name, version: manifest.version };
