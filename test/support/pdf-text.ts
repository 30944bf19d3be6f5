// Reads a PDF's text back with unpdf (pdf.js, from npm): no system tool such as pdftotext.
import { extractText } from 'unpdf';

/** All pages' text, joined by newlines. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  // pdf.js takes ownership of the buffer it is given; hand it a copy.
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text;
}
