// The domain services the business GraphQL resolvers call, handed to createBusinessSchema by
// the composition root (src/service/start-service.ts) as REST handlers get theirs. `ping`
// calls none, so there are none yet; the first resolver that needs a service adds it here.
export type BusinessServices = Readonly<Record<never, never>>;
