// Reads the custodian's answers (docs/custody.md#rest-shapes) into the port's records, after
// checking their shape with JSON Schema (ajv): an answer that does not fit throws
// UnexpectedCustodyAnswer naming the first misfit by its JSON path, never quoting a value, so a
// token or an address in a bad body cannot reach a message. Fields a real custodian may leave out
// (labels, comments, fees, times not reached yet) are optional and read as null.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { CustodianErrorBody } from './custody-provider-error.ts';
import {
  custodyTransferStates,
  custodyWalletTypes,
  type CustodyAddress,
  type CustodyApprovalKind,
  type CustodyPendingApproval,
  type CustodyTransfer,
  type CustodyWallet,
  type SendCoinsResult,
  type TransferBatch,
  type WhitelistChangeResult,
} from './custody-provider.ts';
import type {
  WireAddress,
  WireApprovalInfo,
  WirePendingApproval,
  WirePolicyRuleAnswer,
  WireSendCoinsAnswer,
  WireTransfer,
  WireTransferList,
  WireWallet,
  WireWhitelistItem,
} from './custody-wire-format.ts';

/** The answer's body does not have the shape the operation answers with. */
export class UnexpectedCustodyAnswer extends Error {
  constructor(misfit: string) {
    super(misfit);
    this.name = 'UnexpectedCustodyAnswer';
  }
}

const objectId = { type: 'string', pattern: '^[0-9a-f]{24,64}$' };
const approvalId = { type: 'string', pattern: '^[0-9a-f]{32}$' };
const nonEmpty = { type: 'string', minLength: 1 };
const dateTime = {
  type: 'string',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$',
};
const optional = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const baseUnits = { type: 'string', pattern: '^(0|[1-9][0-9]*)$' };
const signedBaseUnits = { type: 'string', pattern: '^(0|-?[1-9][0-9]*)$' };

const whitelistItem = {
  type: 'object',
  required: ['type', 'item'],
  properties: {
    type: { const: 'address' },
    item: nonEmpty,
    metaData: { type: 'object', properties: { label: { type: 'string' } } },
  },
};

const definitions = {
  $id: 'custody',
  $defs: {
    address: {
      type: 'object',
      required: ['id', 'address', 'coin', 'wallet', 'index'],
      properties: {
        id: objectId,
        address: nonEmpty,
        coin: nonEmpty,
        wallet: objectId,
        index: { type: 'integer', minimum: 0 },
        label: optional({ type: 'string' }),
      },
    },
    wallet: {
      type: 'object',
      required: ['id', 'coin', 'label', 'type', 'receiveAddress'],
      properties: {
        id: objectId,
        coin: nonEmpty,
        label: { type: 'string' },
        type: { enum: [...custodyWalletTypes] },
        approvalsRequired: { type: 'integer', minimum: 0 },
        receiveAddress: { $ref: '#/$defs/address' },
      },
    },
    transfer: {
      type: 'object',
      required: ['id', 'coin', 'wallet', 'type', 'state', 'baseValueString', 'date', 'createdTime'],
      properties: {
        id: objectId,
        coin: nonEmpty,
        wallet: objectId,
        type: { enum: ['send', 'receive'] },
        state: { enum: [...custodyTransferStates] },
        txid: optional(nonEmpty),
        baseValueString: signedBaseUnits,
        feeString: optional(baseUnits),
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['address'],
            properties: { address: nonEmpty, valueString: signedBaseUnits, wallet: { type: 'string' } },
          },
        },
        comment: optional({ type: 'string' }),
        sequenceId: optional({ type: 'string' }),
        pendingApproval: optional(approvalId),
        date: dateTime,
        createdTime: dateTime,
        confirmedTime: optional(dateTime),
      },
    },
    pendingApproval: {
      type: 'object',
      required: ['id', 'coin', 'wallet', 'creator', 'createDate', 'state', 'approvalsRequired', 'info'],
      properties: {
        id: approvalId,
        coin: nonEmpty,
        wallet: objectId,
        creator: nonEmpty,
        createDate: dateTime,
        state: { enum: ['pending', 'approved', 'rejected'] },
        approvalsRequired: { type: 'integer', minimum: 1 },
        resolvers: {
          type: 'array',
          items: {
            type: 'object',
            required: ['user', 'date', 'resolutionType'],
            properties: {
              user: nonEmpty,
              date: dateTime,
              resolutionType: { enum: ['approved', 'rejected'] },
              comment: optional({ type: 'string' }),
            },
          },
        },
        resolvedDate: optional(dateTime),
        info: {
          oneOf: [
            {
              type: 'object',
              required: ['type', 'transactionRequest'],
              properties: {
                type: { const: 'transactionRequest' },
                transactionRequest: {
                  type: 'object',
                  required: ['recipients'],
                  properties: {
                    recipients: {
                      type: 'array',
                      minItems: 1,
                      items: {
                        type: 'object',
                        required: ['address', 'amount'],
                        properties: { address: nonEmpty, amount: baseUnits },
                      },
                    },
                    transferId: optional(objectId),
                  },
                },
              },
            },
            {
              type: 'object',
              required: ['type', 'policyRuleRequest'],
              properties: {
                type: { const: 'policyRuleRequest' },
                policyRuleRequest: {
                  type: 'object',
                  required: ['update'],
                  properties: {
                    update: {
                      type: 'object',
                      required: ['condition'],
                      properties: {
                        condition: {
                          oneOf: [
                            { type: 'object', required: ['add'], properties: { add: whitelistItem } },
                            { type: 'object', required: ['remove'], properties: { remove: whitelistItem } },
                          ],
                        },
                      },
                    },
                  },
                },
              },
            },
          ],
        },
      },
    },
  },
};

const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true });
ajv.addSchema(definitions);

function compile<T>(schema: object): ValidateFunction<T> {
  return ajv.compile<T>(schema);
}

const validateWallet = compile<WireWallet>({ $ref: 'custody#/$defs/wallet' });
const validateAddress = compile<WireAddress>({ $ref: 'custody#/$defs/address' });
const validateTransfer = compile<WireTransfer>({ $ref: 'custody#/$defs/transfer' });
const validatePendingApproval = compile<WirePendingApproval>({ $ref: 'custody#/$defs/pendingApproval' });
const validateTransferList = compile<WireTransferList>({
  type: 'object',
  required: ['transfers'],
  properties: {
    transfers: { type: 'array', items: { $ref: 'custody#/$defs/transfer' } },
    nextBatchPrevId: objectId,
  },
});
const validateSendCoins = compile<WireSendCoinsAnswer>({
  oneOf: [
    {
      type: 'object',
      required: ['status', 'transfer'],
      properties: { status: { const: 'signed' }, transfer: { $ref: 'custody#/$defs/transfer' } },
    },
    {
      type: 'object',
      required: ['status', 'pendingApproval'],
      properties: {
        status: { const: 'pendingApproval' },
        pendingApproval: { $ref: 'custody#/$defs/pendingApproval' },
        transfer: optional({ $ref: 'custody#/$defs/transfer' }),
      },
    },
  ],
});
const validatePolicyRule = compile<WirePolicyRuleAnswer>({
  oneOf: [
    {
      type: 'object',
      required: ['pendingApproval'],
      properties: { pendingApproval: { $ref: 'custody#/$defs/pendingApproval' } },
    },
    {
      type: 'object',
      required: ['admin'],
      not: { required: ['pendingApproval'] },
      properties: {
        admin: {
          type: 'object',
          required: ['policy'],
          properties: {
            policy: {
              type: 'object',
              required: ['rules'],
              properties: {
                rules: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['id', 'type'],
                    properties: {
                      id: { type: 'string' },
                      type: { type: 'string' },
                      condition: {
                        type: 'object',
                        properties: { entries: { type: 'array', items: whitelistItem } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  ],
});

function checked<T>(validate: ValidateFunction<T>, body: unknown): T {
  if (validate(body)) return body;
  throw new UnexpectedCustodyAnswer(describeMisfit(validate.errors ?? []));
}

/** The deepest misfit is the most telling one; `oneOf` reports its branches' errors first. */
function describeMisfit(errors: ErrorObject[]): string {
  const deepest = errors.reduce<ErrorObject | undefined>(
    (best, error) => (best === undefined || error.instancePath.length > best.instancePath.length ? error : best),
    undefined,
  );
  if (!deepest) return 'the body does not match';
  return `${deepest.instancePath || '(body)'} ${deepest.message ?? 'does not match'}`;
}

function date(text: string, path: string): Date {
  const parsed = new Date(text);
  if (!Number.isFinite(parsed.getTime())) throw new UnexpectedCustodyAnswer(`${path} is not a valid date`);
  return parsed;
}

function optionalDate(text: string | null | undefined, path: string): Date | null {
  return text === null || text === undefined ? null : date(text, path);
}

function readAddress(wire: WireAddress): CustodyAddress {
  return {
    id: wire.id,
    walletId: wire.wallet,
    coin: wire.coin,
    address: wire.address,
    index: wire.index,
    label: wire.label ?? null,
  };
}

function readTransfer(wire: WireTransfer, path: string): CustodyTransfer {
  const negative = wire.baseValueString.startsWith('-');
  // A send takes from the wallet, a receive adds to it.
  if (negative !== (wire.type === 'send') && wire.baseValueString !== '0') {
    throw new UnexpectedCustodyAnswer(`${path}/baseValueString has the wrong sign for a ${wire.type}`);
  }
  const counterparty = (wire.entries ?? []).find((entry) => entry.wallet !== wire.wallet);
  return {
    id: wire.id,
    walletId: wire.wallet,
    coin: wire.coin,
    type: wire.type,
    state: wire.state,
    amount: negative ? wire.baseValueString.slice(1) : wire.baseValueString,
    fee: wire.feeString ?? null,
    txid: wire.txid ?? null,
    counterpartyAddress: counterparty?.address ?? null,
    comment: wire.comment ?? null,
    sequenceId: wire.sequenceId ?? null,
    pendingApprovalId: wire.pendingApproval ?? null,
    createdAt: date(wire.createdTime, `${path}/createdTime`),
    updatedAt: date(wire.date, `${path}/date`),
    confirmedAt: optionalDate(wire.confirmedTime, `${path}/confirmedTime`),
  };
}

interface GuardedAction {
  kind: CustodyApprovalKind;
  address: string;
  amount: string | null;
  label: string | null;
  transferId: string | null;
}

function readGuardedAction(info: WireApprovalInfo): GuardedAction {
  if (info.type === 'transactionRequest') {
    const [recipient] = info.transactionRequest.recipients;
    return {
      kind: 'transfer',
      address: recipient?.address ?? '',
      amount: recipient?.amount ?? null,
      label: null,
      transferId: info.transactionRequest.transferId ?? null,
    };
  }
  const { condition } = info.policyRuleRequest.update;
  const [kind, item]: [CustodyApprovalKind, WireWhitelistItem] =
    'add' in condition ? ['whitelistAdd', condition.add] : ['whitelistRemove', condition.remove];
  return { kind, address: item.item, amount: null, label: item.metaData?.label ?? null, transferId: null };
}

function readPendingApproval(wire: WirePendingApproval, path: string): CustodyPendingApproval {
  const resolvers = wire.resolvers ?? [];
  return {
    id: wire.id,
    walletId: wire.wallet,
    coin: wire.coin,
    ...readGuardedAction(wire.info),
    state: wire.state,
    approvalsRequired: wire.approvalsRequired,
    approvalsReceived: resolvers.filter((resolver) => resolver.resolutionType === 'approved').length,
    creator: wire.creator,
    resolutions: resolvers.map((resolver, index) => ({
      userId: resolver.user,
      decision: resolver.resolutionType,
      date: date(resolver.date, `${path}/resolvers/${index}/date`),
      comment: resolver.comment ?? null,
    })),
    createdAt: date(wire.createDate, `${path}/createDate`),
    resolvedAt: optionalDate(wire.resolvedDate, `${path}/resolvedDate`),
  };
}

export function decodeWallet(body: unknown): CustodyWallet {
  const wire = checked(validateWallet, body);
  return {
    id: wire.id,
    coin: wire.coin,
    label: wire.label,
    type: wire.type,
    approvalsRequired: wire.approvalsRequired ?? 0,
    receiveAddress: readAddress(wire.receiveAddress),
  };
}

export function decodeAddress(body: unknown): CustodyAddress {
  return readAddress(checked(validateAddress, body));
}

export function decodeTransfer(body: unknown): CustodyTransfer {
  return readTransfer(checked(validateTransfer, body), '');
}

export function decodePendingApproval(body: unknown): CustodyPendingApproval {
  return readPendingApproval(checked(validatePendingApproval, body), '');
}

export function decodeTransferList(body: unknown): TransferBatch {
  const wire = checked(validateTransferList, body);
  return {
    transfers: wire.transfers.map((transfer, index) => readTransfer(transfer, `/transfers/${index}`)),
    nextBatchPrevId: wire.nextBatchPrevId ?? null,
  };
}

export function decodeSendCoins(body: unknown): SendCoinsResult {
  const wire = checked(validateSendCoins, body);
  if (wire.status === 'signed') return { outcome: 'transfer', transfer: readTransfer(wire.transfer, '/transfer') };
  return {
    outcome: 'pendingApproval',
    pendingApproval: readPendingApproval(wire.pendingApproval, '/pendingApproval'),
    transfer: wire.transfer ? readTransfer(wire.transfer, '/transfer') : null,
  };
}

export function decodeWhitelistChange(body: unknown): WhitelistChangeResult {
  const wire = checked(validatePolicyRule, body);
  if ('pendingApproval' in wire) {
    return {
      outcome: 'pendingApproval',
      pendingApproval: readPendingApproval(wire.pendingApproval, '/pendingApproval'),
    };
  }
  const rule = wire.admin.policy.rules.find((candidate) => candidate.type === 'advancedWhitelist');
  const entries = rule?.condition?.entries ?? [];
  return {
    outcome: 'applied',
    whitelist: entries.map((entry) => ({ address: entry.item, label: entry.metaData?.label ?? null })),
  };
}

/** The custodian's `{error, name, requestId}`, when the body is one; undefined otherwise. */
export function decodeErrorBody(body: unknown): CustodianErrorBody | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { error, name, requestId } = body as Record<string, unknown>;
  if (typeof error !== 'string' || error.trim() === '') return undefined;
  return {
    error,
    name: typeof name === 'string' && name !== '' ? name : 'Error',
    requestId: typeof requestId === 'string' && requestId !== '' ? requestId : null,
  };
}
