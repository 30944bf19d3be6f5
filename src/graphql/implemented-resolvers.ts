// The resolvers the business API must have: for each root type, one for every field of
// schema.graphql. Each is required, so a field added to schema.graphql fails `npm run
// typecheck`, naming it, until it has a resolver (docs/adding-an-endpoint.md).
import type { RootResolvers, RootTypeName } from './root-resolvers.ts';

export type ImplementedResolvers = { [Root in RootTypeName]: Required<RootResolvers[Root]> };
