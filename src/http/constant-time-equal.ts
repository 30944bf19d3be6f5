import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares secrets without leaking their length or content through timing. */
export function constantTimeEqual(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && presented.length === expected.length;
}
