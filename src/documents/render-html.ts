// Documents as HTML strings (docs/documents.md): one isolated Handlebars environment per
// renderer, every template and partial read and parsed once at creation (a syntax error fails
// there, not on a request) and compiled to code on first use. Strict mode turns a missing
// field into an error instead of a blank in a legal document; HTML escaping stays on.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { AppError } from '../errors/app-error.ts';
import { documentFontCss } from './document-fonts.ts';
import { type DocumentKind, type DocumentModels, documentKinds } from './document-models.ts';
import { registerTemplateHelpers, resolveDocumentLocale } from './template-helpers.ts';

export interface HtmlRenderer {
  /** A complete HTML document (UTF-8, no remote resources) for the model. */
  render<K extends DocumentKind>(kind: K, model: DocumentModels[K]): string;
}

const templatesDirectory = fileURLToPath(new URL('./templates/', import.meta.url));
const stylesheetFile = 'document-print.css';

function readTemplate(...segments: string[]): string {
  return readFileSync(path.join(templatesDirectory, ...segments), 'utf8');
}

function parse(environment: typeof Handlebars, source: string, name: string): ReturnType<typeof Handlebars.parse> {
  try {
    return environment.parse(source);
  } catch (error) {
    throw new AppError('INTERNAL', `template ${name}: ${(error as Error).message}`, { cause: error });
  }
}

function createEnvironment(): typeof Handlebars {
  const environment = Handlebars.create();
  registerTemplateHelpers(environment);
  const stylesheet = new environment.SafeString(`${documentFontCss()}\n${readTemplate(stylesheetFile)}`);
  environment.registerHelper('printStylesheet', () => stylesheet);
  for (const file of readdirSync(path.join(templatesDirectory, 'partials'))
    .filter((name) => name.endsWith('.hbs'))
    .sort()) {
    const name = file.slice(0, -'.hbs'.length);
    const ast = parse(environment, readTemplate('partials', file), `partials/${file}`);
    environment.registerPartial(name, environment.compile(ast, { strict: true }));
  }
  return environment;
}

/** Compiles the templates of every document kind; call once and share the renderer. */
export function createHtmlRenderer(): HtmlRenderer {
  const environment = createEnvironment();
  const templates = new Map<string, Handlebars.TemplateDelegate>(
    documentKinds.map((kind) => [
      kind,
      environment.compile(parse(environment, readTemplate(`${kind}.hbs`), `${kind}.hbs`), { strict: true }),
    ]),
  );
  return {
    render(kind, model) {
      const template = templates.get(kind);
      if (!template) throw new AppError('INTERNAL', `no document template for kind '${String(kind)}'`);
      try {
        return template(model, { data: { locale: resolveDocumentLocale(model.locale) } });
      } catch (error) {
        throw new AppError('INTERNAL', `cannot render ${kind}: ${(error as Error).message}`, { cause: error });
      }
    },
  };
}
