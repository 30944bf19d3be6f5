// A few audit entries so audit views are not empty; ids come from the table's own identity
// (GENERATED ALWAYS), which starts at 1 on an empty database.
import type { Insertable } from 'kysely';
import type { AuditLogTable } from '../../../generated/database/database.ts';
import { demoTime } from './demo-clock.ts';
import { demoUuid } from './demo-ids.ts';

export const demoAuditLog: Insertable<AuditLogTable>[] = [
  {
    occurred_at: demoTime(-120, 6),
    actor_user_id: 'demo-frank',
    action: 'wallet.whitelist.approve',
    resource_type: 'digital_wallet_whitelist_entry',
    resource_id: '1',
    request_id: 'demo-request-0001',
    details: JSON.stringify({ walletId: 1, label: 'Aurora cold storage (Zug)' }),
  },
  {
    occurred_at: demoTime(-47, 10),
    actor_user_id: 'demo-trent',
    action: 'invoice.lock',
    resource_type: 'invoice',
    resource_id: '1',
    request_id: 'demo-request-0002',
    details: JSON.stringify({ invoiceNumber: 'INV-2025-0041', period: '2025-Q3' }),
  },
  {
    occurred_at: demoTime(-9, 14),
    actor_user_id: 'demo-alice',
    action: 'case_invitation.accept',
    resource_type: 'case_invitation',
    resource_id: demoUuid('caseInvitation', 2),
    request_id: 'demo-request-0003',
    details: JSON.stringify({ caseId: 2 }),
  },
  {
    occurred_at: demoTime(-3, 10, 0.25),
    actor_user_id: 'demo-bob',
    action: 'otc.trade.execute',
    resource_type: 'otc_trade',
    resource_id: demoUuid('otcTrade', 1),
    request_id: 'demo-request-0004',
    details: JSON.stringify({ quoteId: demoUuid('otcQuote', 1), side: 'BUY', size: '2.5', product: 'BTC-USD' }),
  },
];
