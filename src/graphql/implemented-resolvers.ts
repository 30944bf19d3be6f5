// The resolvers the business API must have: for each root type, one for every field of
// schema.graphql that not-implemented-fields.ts does not list. Each is required, so a field
// added to schema.graphql fails `npm run typecheck`, naming it, until it has a resolver or a
// not-implemented entry (docs/adding-an-endpoint.md).
import type { NotImplementedField } from './not-implemented-fields.ts';
import type { RootResolvers, RootTypeName } from './root-resolvers.ts';

export type ImplementedResolvers = {
  [Root in RootTypeName]: Required<Omit<RootResolvers[Root], NotImplementedField<Root>>>;
};
