import { PAYMENTS_OFF_MESSAGE, type PaymentMode } from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { BillingOwner, BillingRepository } from './billing.repository.ts';
import type { StripeGateway, StripeInvoice } from './stripe-gateway.ts';

export interface PaymentsDeps {
  repo: Pick<BillingRepository, 'customerOf' | 'keepCustomer'>;
  /** Null: the server takes no payments (the embedded default). */
  gateway: StripeGateway | null;
  publicWebUrl: string;
}

/** Who pays: the name and email Stripe's customer is made with. */
export interface Payer {
  email: string;
  name: string;
}

const metadataOf = (owner: BillingOwner): Record<string, string> =>
  owner.kind === 'founder' ? { fitscore_founder: owner.userId } : { fitscore_fund: owner.fundId };

/**
 * What founders and funds share of billing: Checkout, the Billing Portal and invoices, all
 * Stripe's. With no Stripe configured there is nothing to pay with: checkout and the portal
 * answer 409 with the operator's way, and there are no invoices.
 */
export function createPayments({ repo, gateway, publicWebUrl }: PaymentsDeps) {
  const mode: PaymentMode = gateway ? 'stripe' : 'none';
  const returnUrl = (path: string) => new URL(path, publicWebUrl).toString();

  function requireGateway(operatorCommand: string): StripeGateway {
    if (!gateway) throw new AppError('conflict', `${PAYMENTS_OFF_MESSAGE} Ask your operator to run: ${operatorCommand}`);
    return gateway;
  }

  return {
    mode,

    /** A Checkout page for `price`; the plan changes later, when Stripe's webhook confirms it. */
    async checkout(input: { owner: BillingOwner; payer: Payer; price: (g: StripeGateway) => string; returnPath: string; operatorCommand: string }) {
      const g = requireGateway(input.operatorCommand);
      let customer = await repo.customerOf(input.owner);
      if (!customer) {
        const made = await g.createCustomer({ email: input.payer.email, name: input.payer.name, metadata: metadataOf(input.owner) });
        customer = await repo.keepCustomer(input.owner, made);
      }
      const back = new URL(input.returnPath, publicWebUrl);
      const success = new URL(back);
      success.searchParams.set('checkout', 'success');
      const cancel = new URL(back);
      cancel.searchParams.set('checkout', 'canceled');
      const url = await g.createCheckout({
        customer,
        price: input.price(g),
        successUrl: success.toString(),
        cancelUrl: cancel.toString(),
        reference: input.owner.kind === 'founder' ? input.owner.userId : input.owner.fundId,
        metadata: metadataOf(input.owner),
      });
      return { url };
    },

    /** Stripe's Billing Portal for the owner's customer: card, cancellation, invoices. */
    async portal(input: { owner: BillingOwner; returnPath: string; operatorCommand: string }) {
      const g = requireGateway(input.operatorCommand);
      const customer = await repo.customerOf(input.owner);
      if (!customer) throw new AppError('conflict', 'There is no billing account yet: upgrading opens one.');
      return { url: await g.createPortal({ customer, returnUrl: returnUrl(input.returnPath) }) };
    },

    async hasCustomer(owner: BillingOwner): Promise<boolean> {
      return Boolean(gateway) && (await repo.customerOf(owner)) !== null;
    },

    /** The owner's invoices from Stripe; none without Stripe or before a customer exists. */
    async invoices(owner: BillingOwner): Promise<StripeInvoice[]> {
      if (!gateway) return [];
      const customer = await repo.customerOf(owner);
      return customer ? gateway.listInvoices(customer) : [];
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
