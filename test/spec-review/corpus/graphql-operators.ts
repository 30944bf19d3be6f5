// The seeded operators of the spec diff corpus for schema.graphql (docs/spec-diff.md#how-it-is-tested):
// splices of the real schema's text at the offsets graphql-js parsed, each with the changes
// @graphql-inspector/core's documented criticality gives it. Fields an interface declares are left
// alone (changing them in one implementation would make the schema invalid), and so are enum
// values used as defaults.
import {
  Kind,
  parse,
  visit,
  type DefinitionNode,
  type EnumTypeDefinitionNode,
  type FieldDefinitionNode,
  type InputObjectTypeDefinitionNode,
  type InputValueDefinitionNode,
  type InterfaceTypeDefinitionNode,
  type ObjectTypeDefinitionNode,
} from 'graphql';
import type { ExpectedChange, GraphqlEdit } from './corpus-entry.ts';
import { reordered, type Random } from './corpus-random.ts';

export interface Candidate {
  readonly target: string;
  readonly edits: GraphqlEdit[];
  readonly expected: ExpectedChange[];
}
export type Operator = (sdl: string, random: Random) => Candidate[];

type FieldOwner = ObjectTypeDefinitionNode | InterfaceTypeDefinitionNode;

const change = (kind: string, location: string, level: ExpectedChange['level'] = 'breaking'): ExpectedChange => ({
  kind,
  location,
  level,
});
const span = (node: { loc?: { start: number; end: number } }): { start: number; end: number } => {
  const { start, end } = node.loc as { start: number; end: number };
  return { start, end };
};
const definitions = (sdl: string): readonly DefinitionNode[] => parse(sdl).definitions;

/** Fields a type may change on its own: those no interface it implements declares. */
function freeFields(sdl: string): { owner: FieldOwner; field: FieldDefinitionNode }[] {
  const all = definitions(sdl);
  const interfaces = new Map(
    all
      .filter((node): node is InterfaceTypeDefinitionNode => node.kind === Kind.INTERFACE_TYPE_DEFINITION)
      .map((node) => [node.name.value, node]),
  );
  const implemented = new Set(
    all.flatMap((node) =>
      'interfaces' in node && node.interfaces ? node.interfaces.map((name) => name.name.value) : [],
    ),
  );
  return all
    .filter(
      (node): node is FieldOwner =>
        node.kind === Kind.OBJECT_TYPE_DEFINITION || node.kind === Kind.INTERFACE_TYPE_DEFINITION,
    )
    .filter(
      (owner) =>
        !(
          owner.kind === Kind.INTERFACE_TYPE_DEFINITION &&
          implemented.has(owner.name.value) &&
          (owner.interfaces ?? []).length > 0
        ),
    )
    .flatMap((owner) => {
      const declared = new Set(
        (owner.interfaces ?? []).flatMap(
          (name) => interfaces.get(name.name.value)?.fields?.map((field) => field.name.value) ?? [],
        ),
      );
      return (owner.fields ?? [])
        .filter((field) => !declared.has(field.name.value) && (owner.fields ?? []).length >= 2)
        .map((field) => ({ owner, field }));
    });
}

function inputTypes(sdl: string): InputObjectTypeDefinitionNode[] {
  return definitions(sdl).filter(
    (node): node is InputObjectTypeDefinitionNode =>
      node.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION &&
      !(node.directives ?? []).some((directive) => directive.name.value === 'oneOf'),
  );
}

function enumDefaults(sdl: string): Set<string> {
  const used = new Set<string>();
  visit(parse(sdl), {
    InputValueDefinition(node) {
      if (node.defaultValue) visit(node.defaultValue, { EnumValue: (value) => void used.add(value.value) });
    },
  });
  return used;
}

const enums = (sdl: string) =>
  definitions(sdl).filter(
    (node): node is EnumTypeDefinitionNode =>
      node.kind === Kind.ENUM_TYPE_DEFINITION && (node.values ?? []).length >= 2,
  );

/** Removes an argument from its list (with the parentheses when it was the only one). */
function removeArgument(sdl: string, field: FieldDefinitionNode, argument: InputValueDefinitionNode): GraphqlEdit {
  const args = field.arguments ?? [];
  const index = args.indexOf(argument);
  if (args.length === 1) {
    const close = sdl.indexOf(')', span(argument).end);
    return { start: span(field.name).end, end: close + 1, text: '' };
  }
  if (index < args.length - 1)
    return { start: span(argument).start, end: span(args[index + 1] as InputValueDefinitionNode).start, text: '' };
  return { start: span(args[index - 1] as InputValueDefinitionNode).end, end: span(argument).end, text: '' };
}

const nullable = (argument: InputValueDefinitionNode) =>
  argument.type.kind !== Kind.NON_NULL_TYPE && argument.defaultValue === undefined;

export const graphqlBreakingOperators: Record<string, Operator> = {
  'field-removed': (sdl) =>
    freeFields(sdl).map(({ owner, field }) => ({
      target: `${owner.name.value}.${field.name.value}`,
      edits: [{ ...span(field), text: '' }],
      expected: [change('FIELD_REMOVED', `${owner.name.value}.${field.name.value}`)],
    })),
  'field-renamed': (sdl) =>
    freeFields(sdl).map(({ owner, field }) => ({
      target: `${owner.name.value}.${field.name.value}`,
      edits: [{ ...span(field.name), text: `${field.name.value}Renamed` }],
      expected: [
        change('FIELD_REMOVED', `${owner.name.value}.${field.name.value}`),
        change('FIELD_ADDED', `${owner.name.value}.${field.name.value}Renamed`, 'safe'),
      ],
    })),
  'enum-value-removed': (sdl) => {
    const used = enumDefaults(sdl);
    return enums(sdl).flatMap((type) =>
      (type.values ?? [])
        .filter((value) => !used.has(value.name.value))
        .map((value) => ({
          target: `${type.name.value}.${value.name.value}`,
          edits: [{ ...span(value), text: '' }],
          expected: [change('ENUM_VALUE_REMOVED', `${type.name.value}.${value.name.value}`)],
        })),
    );
  },
  'enum-value-renamed': (sdl) => {
    const used = enumDefaults(sdl);
    return enums(sdl).flatMap((type) =>
      (type.values ?? [])
        .filter((value) => !used.has(value.name.value))
        .map((value) => ({
          target: `${type.name.value}.${value.name.value}`,
          edits: [{ ...span(value.name), text: `${value.name.value}_RENAMED` }],
          expected: [
            change('ENUM_VALUE_REMOVED', `${type.name.value}.${value.name.value}`),
            change('ENUM_VALUE_ADDED', `${type.name.value}.${value.name.value}_RENAMED`, 'dangerous'),
          ],
        })),
    );
  },
  'field-became-nullable': (sdl) =>
    freeFields(sdl)
      .filter(({ field }) => field.type.kind === Kind.NON_NULL_TYPE)
      .map(({ owner, field }) => ({
        target: `${owner.name.value}.${field.name.value}`,
        edits: [{ start: span(field.type).end - 1, end: span(field.type).end, text: '' }],
        expected: [change('FIELD_TYPE_CHANGED', `${owner.name.value}.${field.name.value}`)],
      })),
  'argument-added-required': (sdl) =>
    freeFields(sdl).map(({ owner, field }) => {
      const args = field.arguments ?? [];
      const edit =
        args.length === 0
          ? { start: span(field.name).end, end: span(field.name).end, text: '(seededArg: Int!)' }
          : {
              start: span(args[args.length - 1] as InputValueDefinitionNode).end,
              end: span(args[args.length - 1] as InputValueDefinitionNode).end,
              text: ', seededArg: Int!',
            };
      return {
        target: `${owner.name.value}.${field.name.value}`,
        edits: [edit],
        expected: [change('FIELD_ARGUMENT_ADDED', `${owner.name.value}.${field.name.value}.seededArg`)],
      };
    }),
  'argument-removed': (sdl) =>
    freeFields(sdl).flatMap(({ owner, field }) =>
      (field.arguments ?? []).map((argument) => ({
        target: `${owner.name.value}.${field.name.value}.${argument.name.value}`,
        edits: [removeArgument(sdl, field, argument)],
        expected: [change('FIELD_ARGUMENT_REMOVED', `${owner.name.value}.${field.name.value}.${argument.name.value}`)],
      })),
    ),
  'argument-became-required': (sdl) =>
    freeFields(sdl).flatMap(({ owner, field }) =>
      (field.arguments ?? []).filter(nullable).map((argument) => ({
        target: `${owner.name.value}.${field.name.value}.${argument.name.value}`,
        edits: [{ start: span(argument.type).end, end: span(argument.type).end, text: '!' }],
        expected: [
          change('FIELD_ARGUMENT_TYPE_CHANGED', `${owner.name.value}.${field.name.value}.${argument.name.value}`),
        ],
      })),
    ),
  'input-field-added-required': (sdl) =>
    inputTypes(sdl).map((type) => {
      const last = (type.fields ?? [])[(type.fields ?? []).length - 1] as InputValueDefinitionNode;
      return {
        target: type.name.value,
        edits: [{ start: span(last).end, end: span(last).end, text: '\n  seededField: Int!' }],
        expected: [change('INPUT_FIELD_ADDED', `${type.name.value}.seededField`)],
      };
    }),
  'input-field-removed': (sdl) =>
    inputTypes(sdl)
      .filter((type) => (type.fields ?? []).length >= 2)
      .flatMap((type) =>
        (type.fields ?? []).map((field) => ({
          target: `${type.name.value}.${field.name.value}`,
          edits: [{ ...span(field), text: '' }],
          expected: [change('INPUT_FIELD_REMOVED', `${type.name.value}.${field.name.value}`)],
        })),
      ),
  'input-field-became-required': (sdl) =>
    inputTypes(sdl).flatMap((type) =>
      (type.fields ?? []).filter(nullable).map((field) => ({
        target: `${type.name.value}.${field.name.value}`,
        edits: [{ start: span(field.type).end, end: span(field.type).end, text: '!' }],
        expected: [change('INPUT_FIELD_TYPE_CHANGED', `${type.name.value}.${field.name.value}`)],
      })),
    ),
};

/** The text of a list of nodes, in a new order, laid out as before (one per line). */
function reorderSplice(
  sdl: string,
  random: Random,
  nodes: readonly { loc?: { start: number; end: number } }[],
  separator: string,
): GraphqlEdit {
  const texts = nodes.map((node) => sdl.slice(span(node).start, span(node).end));
  return {
    start: span(nodes[0] as { loc?: { start: number; end: number } }).start,
    end: span(nodes[nodes.length - 1] as { loc?: { start: number; end: number } }).end,
    text: reordered(random, texts).join(separator),
  };
}

const typesWithFields = (sdl: string) =>
  definitions(sdl).filter(
    (node): node is ObjectTypeDefinitionNode | InterfaceTypeDefinitionNode | InputObjectTypeDefinitionNode =>
      (node.kind === Kind.OBJECT_TYPE_DEFINITION ||
        node.kind === Kind.INTERFACE_TYPE_DEFINITION ||
        node.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION) &&
      (node.fields ?? []).length >= 2,
  );

export const graphqlRefactorOperators: Record<string, Operator> = {
  'reorder-fields': (sdl, random) =>
    typesWithFields(sdl).map((type) => ({
      target: type.name.value,
      edits: [reorderSplice(sdl, random, type.fields ?? [], '\n  ')],
      expected: [],
    })),
  'reorder-enum-values': (sdl, random) =>
    enums(sdl).map((type) => ({
      target: type.name.value,
      edits: [reorderSplice(sdl, random, type.values ?? [], '\n  ')],
      expected: [],
    })),
  'reorder-arguments': (sdl, random) =>
    freeFields(sdl)
      .filter(({ field }) => (field.arguments ?? []).length >= 2)
      .map(({ owner, field }) => ({
        target: `${owner.name.value}.${field.name.value}`,
        edits: [reorderSplice(sdl, random, field.arguments ?? [], ', ')],
        expected: [],
      })),
  'swap-definitions': (sdl, random) => {
    const all = definitions(sdl).filter((node) => node.kind !== Kind.SCHEMA_DEFINITION);
    return all.slice(0, -1).map((node, index) => {
      const other =
        all[index + 1 + Math.floor(random.shuffle([0, 1, 2])[0] as number)] ?? (all[index + 1] as DefinitionNode);
      const [first, second] = [span(node), span(other)];
      return {
        target: `${'name' in node && node.name ? node.name.value : node.kind} <-> ${'name' in other && other.name ? other.name.value : other.kind}`,
        edits: [
          { start: first.start, end: first.end, text: sdl.slice(second.start, second.end) },
          { start: second.start, end: second.end, text: sdl.slice(first.start, first.end) },
        ],
        expected: [],
      };
    });
  },
  'edit-descriptions': (sdl) =>
    typesWithFields(sdl).flatMap((type) =>
      (type.fields ?? [])
        .filter((field) => field.description)
        .slice(0, 1)
        .map((field) => ({
          target: `${type.name.value}.${field.name.value}`,
          edits: [
            {
              ...span(field.description as { loc?: { start: number; end: number } }),
              text: '"""\n  Reworded: the words changed, the contract did not.\n  """',
            },
          ],
          expected: [],
        })),
    ),
  'add-comments': (sdl) =>
    typesWithFields(sdl).map((type) => ({
      target: type.name.value,
      edits: [
        {
          start: span(type).start,
          end: span(type).start,
          text: '# A seeded comment: comments are not part of the schema.\n',
        },
      ],
      expected: [],
    })),
};
