import { leadEndpoints, type ContactSalesInput } from '@fitscore/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** Where a Contact Sales request was started, as the leads contract records it. */
export type ContactSalesSource = NonNullable<ContactSalesInput['source']>;

/** Sends a Contact Sales request; the server stores it as a lead. */
export function useContactSales() {
  return useMutation({
    mutationFn: (body: ContactSalesInput) =>
      callEndpoint(leadEndpoints.contactSales, { body }, 'We could not send your request. Please try again.'),
  });
}
