// The tables key rows by PostgreSQL `integer`, while openapi.yaml's IntegerId allows ids up to
// 2^53 - 1. A larger id names no row: readers answer "not found" instead of sending a
// comparison PostgreSQL refuses with an out-of-range error (which would be a 500).
const largestIntegerRowId = 2_147_483_647;

export function fitsIntegerRowId(id: number): boolean {
  return id <= largestIntegerRowId;
}
