// Prints the path of the Chromium shipped in the @sparticuz/chromium npm package (unpacking it
// on first use), so CI can force the PDF tests onto it with CHROMIUM_PATH even on a machine
// that also has Debian's browser (docs/documents.md#where-chromium-comes-from).
import { isExecutableFile } from '../src/documents/pdf/find-chromium.ts';
import { npmChromium } from '../src/documents/pdf/npm-chromium.ts';

const found = await npmChromium({ isExecutable: isExecutableFile });
if (!found) {
  console.error('@sparticuz/chromium is not installed (or this is not Linux x64): run npm install');
  process.exit(1);
}
console.log(found);
