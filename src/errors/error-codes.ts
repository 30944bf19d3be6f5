// One table from error code to transport behaviour (docs/error-codes.md: one error class, one
// code→status table). `expose: false` codes never reach clients with their message.
export const errorCodes = {
  BAD_REQUEST: { httpStatus: 400, graphqlCode: 'BAD_REQUEST', expose: true },
  VALIDATION_FAILED: { httpStatus: 400, graphqlCode: 'BAD_USER_INPUT', expose: true },
  QUERY_TOO_COSTLY: { httpStatus: 400, graphqlCode: 'QUERY_TOO_COSTLY', expose: true },
  UNAUTHENTICATED: { httpStatus: 401, graphqlCode: 'UNAUTHENTICATED', expose: true },
  FORBIDDEN: { httpStatus: 403, graphqlCode: 'FORBIDDEN', expose: true },
  NOT_FOUND: { httpStatus: 404, graphqlCode: 'NOT_FOUND', expose: true },
  METHOD_NOT_ALLOWED: { httpStatus: 405, graphqlCode: 'METHOD_NOT_ALLOWED', expose: true },
  NOT_ACCEPTABLE: { httpStatus: 406, graphqlCode: 'NOT_ACCEPTABLE', expose: true },
  REQUEST_TIMEOUT: { httpStatus: 408, graphqlCode: 'REQUEST_TIMEOUT', expose: true },
  CONFLICT: { httpStatus: 409, graphqlCode: 'CONFLICT', expose: true },
  PAYLOAD_TOO_LARGE: { httpStatus: 413, graphqlCode: 'PAYLOAD_TOO_LARGE', expose: true },
  UNSUPPORTED_MEDIA_TYPE: { httpStatus: 415, graphqlCode: 'UNSUPPORTED_MEDIA_TYPE', expose: true },
  RATE_LIMITED: { httpStatus: 429, graphqlCode: 'RATE_LIMITED', expose: true },
  INTERNAL: { httpStatus: 500, graphqlCode: 'INTERNAL_SERVER_ERROR', expose: false },
  // Outside production only (RESPONSE_VALIDATION): the service's own answer broke openapi.yaml.
  RESPONSE_INVALID: { httpStatus: 500, graphqlCode: 'RESPONSE_INVALID', expose: true },
  NOT_IMPLEMENTED: { httpStatus: 501, graphqlCode: 'NOT_IMPLEMENTED', expose: true },
  SERVICE_UNAVAILABLE: { httpStatus: 503, graphqlCode: 'SERVICE_UNAVAILABLE', expose: true },
  INSUFFICIENT_STORAGE: { httpStatus: 507, graphqlCode: 'INSUFFICIENT_STORAGE', expose: true },
} as const satisfies Record<string, { httpStatus: number; graphqlCode: string; expose: boolean }>;

export type ErrorCode = keyof typeof errorCodes;

export const maskedMessage = 'Internal server error';
