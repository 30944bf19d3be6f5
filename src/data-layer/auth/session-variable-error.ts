// A session variable that a rule the request uses references is missing or malformed. It is
// found only once the operation is planned (the plan knows which rules it uses), yet it is a
// problem of the credential like the other authentication refusals, so it keeps their HTTP
// status: 400 BAD_REQUEST (docs/data-layer.md, "Status codes and errors").
import { DataLayerError } from '../data-layer-error.ts';

export class SessionVariableError extends DataLayerError {
  constructor(message: string) {
    super('BAD_REQUEST', message);
    this.name = 'SessionVariableError';
  }
}
