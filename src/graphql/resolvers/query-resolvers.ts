import type { QueryResolvers } from '../../../generated/graphql/resolver-types.ts';

export const queryResolvers: Pick<QueryResolvers, 'ping'> = {
  ping: () => 'pong',
};
