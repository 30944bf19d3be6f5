// A fund dealing as the business API answers it (schema.graphql `FundDealing`): the dealing date and
// its NAV, the request's amount, the units dealt and the holding after them, as decimal strings in
// the register's forms (units with 8 fraction digits, money with 2).
import type { DealingFacts, DealingPlan } from './dealing-plan.ts';

export interface FundDealingView {
  dealingDate: string;
  navPerUnit: string;
  amount: string;
  units: string;
  unitsHeld: string;
  capitalBalance: string;
}

export function dealingView(facts: DealingFacts, plan: DealingPlan): FundDealingView {
  return {
    dealingDate: facts.nav.date,
    navPerUnit: facts.nav.navPerUnit,
    amount: facts.amount,
    units: plan.units,
    unitsHeld: plan.unitsHeld,
    capitalBalance: plan.capitalBalance,
  };
}
