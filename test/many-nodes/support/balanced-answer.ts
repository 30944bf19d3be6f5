// One answer through the many-node test's balancer (test/support/round-robin-balancer.ts): its
// status, the node that served it (`x-served-by`) and its body, JSON when it is JSON (a node's
// answer) or text (the balancer's own 502 or 503).
export interface BalancedAnswer {
  readonly status: number;
  /** The node's name, or `balancer` for an answer of the balancer's own. */
  readonly servedBy: string;
  readonly body: any;
}

export async function balancedAnswer(response: Response): Promise<BalancedAnswer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Plain text: the balancer's own answer.
  }
  return { status: response.status, servedBy: response.headers.get('x-served-by') ?? '', body };
}

/** POSTs JSON; rejects only when the connection fails, as fetch does. */
export async function postJson(url: string, body: object, headers: Record<string, string>): Promise<BalancedAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return balancedAnswer(response);
}
