// graphql-js validation messages → the data layer's (docs/data-layer.md#status-codes-and-errors):
// anything the role may not use reads the same whether or not it exists for another role, says
// `permission`, and never carries "Did you mean" suggestions or an echo of the input.
import type { GraphQLError } from 'graphql';

const rewrites: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  [
    /Cannot query field "([^"]+)" on type "([^"]+)"/,
    (m) => `field '${m[1]}' not found in type '${m[2]}' (unknown field or no permission)`,
  ],
  [
    /Unknown argument "([^"]+)" on field "([^"]+)"/,
    (m) => `argument '${m[1]}' not found on field '${m[2]}' (unknown argument or no permission)`,
  ],
  [
    /Expected value of type "([^"]+)" not to include unknown field "([^"]+)"/,
    (m) => `field '${m[2]}' not found in type '${m[1]}' (unknown field or no permission)`,
  ],
  [
    /Field "([^"]+)" is not defined by type "([^"]+)"/,
    (m) => `field '${m[1]}' not found in type '${m[2]}' (unknown field or no permission)`,
  ],
  [
    /Value "([^"]+)" does not exist in "([^"]+)" enum/,
    (m) => `value '${m[1]}' not found in enum '${m[2]}' (unknown value or no permission)`,
  ],
  [/Unknown type "([^"]+)"/, (m) => `type '${m[1]}' not found (unknown type or no permission)`],
];

export function dataLayerMessage(message: string): string {
  for (const [pattern, rewrite] of rewrites) {
    const match = pattern.exec(message);
    if (match) {
      const prefix = /^Variable "\$[^"]+" got invalid value/.exec(message)?.[0];
      return prefix ? `${prefix}: ${rewrite(match)}` : rewrite(match);
    }
  }
  return message.replace(/ Did you mean .*$/s, '');
}

export function validationMessage(error: GraphQLError): string {
  return dataLayerMessage(error.message);
}
