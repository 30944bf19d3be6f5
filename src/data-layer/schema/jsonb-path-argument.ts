// The `path` argument of a jsonb column's field (Hasura's "JSON select path",
// docs/data-layer.md#the-schema-of-a-role): `metadata(path: "$.a[0].b")` selects a part of the
// value, null where the value has nothing at that path.
import { GraphQLString, type GraphQLFieldConfigArgumentMap } from 'graphql';

export const jsonbPathArguments: GraphQLFieldConfigArgumentMap = {
  path: { type: GraphQLString, description: 'JSON select path' },
};
