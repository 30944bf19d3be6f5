// JSON Schemas of the custodian's answers (docs/custody.md#rest-shapes), compiled once with ajv:
// what each operation's answer must hold for custody-wire-decode.ts to read it. Only the fields
// the platform uses are required; others are allowed, as a real custodian sends many more.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { custodyTransferStates, custodyWalletTypes } from './custody-provider.ts';
import type {
  WireAddress,
  WirePendingApproval,
  WirePolicyRuleAnswer,
  WireSendCoinsAnswer,
  WireTransfer,
  WireTransferList,
  WireWallet,
  WireWalletBalances,
  WireWalletList,
} from './custody-wire-format.ts';

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

const coinBalances = {
  type: 'object',
  required: ['balanceString', 'confirmedBalanceString', 'spendableBalanceString'],
  properties: {
    balanceString: signedBaseUnits,
    confirmedBalanceString: signedBaseUnits,
    spendableBalanceString: signedBaseUnits,
  },
};

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
        feeCoin: optional(nonEmpty),
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

let ajv: Ajv2020 | undefined;

/**
 * A validator compiled on its first use, not at import: compiling all of them takes ajv a few
 * hundred milliseconds that start-up need not pay (docs/service.md#start-up).
 */
function compile<T>(schema: object): () => ValidateFunction<T> {
  let validate: ValidateFunction<T> | undefined;
  return () => (validate ??= sharedAjv().compile<T>(schema));
}

function sharedAjv(): Ajv2020 {
  if (ajv) return ajv;
  ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true });
  ajv.addSchema(definitions);
  return ajv;
}

export const validateWallet = compile<WireWallet>({ $ref: 'custody#/$defs/wallet' });
export const validateAddress = compile<WireAddress>({ $ref: 'custody#/$defs/address' });
export const validateTransfer = compile<WireTransfer>({ $ref: 'custody#/$defs/transfer' });
export const validatePendingApproval = compile<WirePendingApproval>({ $ref: 'custody#/$defs/pendingApproval' });
/** A listed approval as checked by `validatePendingApprovalList`: its kind, the rest unread yet. */
export interface ListedApproval {
  info: { type: string; policyRuleRequest?: { update?: { type?: unknown } } };
}

/**
 * Each listed approval's kind is checked here, its fields only when the platform reads the kind
 * (custody-wire-decode.ts `decodePendingApprovalList`), against `pendingApproval` above.
 */
export const validatePendingApprovalList = compile<{ pendingApprovals: ListedApproval[] }>({
  type: 'object',
  required: ['pendingApprovals'],
  properties: {
    pendingApprovals: {
      type: 'array',
      items: {
        type: 'object',
        required: ['info'],
        properties: { info: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } } },
      },
    },
  },
});
export const validateWalletList = compile<WireWalletList>({
  type: 'object',
  required: ['wallets'],
  properties: { wallets: { type: 'array', maxItems: 1, items: { $ref: 'custody#/$defs/wallet' } } },
});
export const validateTransferList = compile<WireTransferList>({
  type: 'object',
  required: ['transfers'],
  properties: {
    transfers: { type: 'array', items: { $ref: 'custody#/$defs/transfer' } },
    nextBatchPrevId: objectId,
  },
});
export const validateWalletBalances = compile<WireWalletBalances>({
  allOf: [
    coinBalances,
    {
      type: 'object',
      required: ['id', 'coin'],
      properties: {
        id: objectId,
        coin: nonEmpty,
        tokens: { type: 'object', propertyNames: { minLength: 1 }, additionalProperties: coinBalances },
      },
    },
  ],
});
export const validateSendCoins = compile<WireSendCoinsAnswer>({
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
export const validatePolicyRule = compile<WirePolicyRuleAnswer>({
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
