// USD amounts of the value history are exact decimal strings (docs/domain.md#money): they are
// compared as integer cents and printed from those cents, never through a float.

/** `"4029192.63"`, `"-12.5"`, `"100"` → cents; throws on anything else. */
export function usdCents(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a USD amount: ${JSON.stringify(amount)}`);
  const cents = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Cents → `4,029,192.63`. */
export function formatUsdCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const absolute = cents < 0n ? -cents : cents;
  const whole = (absolute / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${(absolute % 100n).toString().padStart(2, '0')}`;
}
