// Who may call a root field of the business API (src/graphql/business-caller.ts,
// docs/identity.md#scopes): a caller without an API key gets the refusal the router gives POST
// /graphql without one, word for word, however it reached the resolvers (a socket, a test).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { anonymous, type Principal } from '../../src/access/principal.ts';
import { AppError } from '../../src/errors/app-error.ts';
import { isCredentialRefusal } from '../../src/errors/credential-refusal.ts';
import { businessCaller } from '../../src/graphql/business-caller.ts';

const sessionUser: Principal = {
  kind: 'user',
  userId: 'demo-alice',
  credential: 'session-cookie',
  sessionId: 'session-1',
  organizationIds: [],
  fundIds: [],
  isAdministrator: false,
};

function refusalOf(principal: Principal): AppError {
  try {
    businessCaller(principal, 'ping', null);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the caller was admitted');
}

test('a caller without an API key is refused as POST /graphql refuses a request without one', () => {
  for (const principal of [anonymous, sessionUser]) {
    const refusal = refusalOf(principal);
    assert.is(refusal.code, 'UNAUTHENTICATED');
    assert.is(refusal.message, 'authentication required: send an X-API-Key header');
    assert.ok(isCredentialRefusal(refusal));
  }
});

test.run();
