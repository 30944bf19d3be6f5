// `npm run dev` prints type errors in the `file:line:col: message` form of the spec problems
// (scripts/dev/typecheck.ts), so an editor jumps to either.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compilerLocation } from '../../../scripts/dev/typecheck.ts';

test("tsc's `file(line,col): error …` becomes `file:line:col: error …`", () => {
  assert.is(
    compilerLocation("src/graphql/resolvers/business-resolvers.ts(42,5): error TS2741: Property 'x' is missing."),
    "src/graphql/resolvers/business-resolvers.ts:42:5: error TS2741: Property 'x' is missing.",
  );
});

test('other lines (the indented rest of a long message) are left as they are', () => {
  assert.is(compilerLocation("  Type 'A' is not assignable to type 'B'."), "  Type 'A' is not assignable to type 'B'.");
});

test.run();
