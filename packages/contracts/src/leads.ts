import { z } from 'zod';
import { EmailSchema, OkSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** Contact Sales (spec section 5): name, email and company required; message optional. */
export const ContactSalesSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name is too long'),
  email: EmailSchema,
  company: z
    .string({ error: 'Company is required' })
    .trim()
    .min(1, 'Company is required')
    .max(160, 'Company is too long'),
  message: z.string().trim().max(4000, 'Message must be at most 4000 characters').default(''),
  source: z.enum(['landing', 'pricing', 'enterprise', 'contact']).default('pricing'),
});
export type ContactSalesInput = z.input<typeof ContactSalesSchema>;

export const leadEndpoints = {
  contactSales: defineEndpoint({
    method: 'POST',
    path: '/leads/contact-sales/',
    access: 'public',
    publicRateLimit: 'form',
    summary: 'Send a Contact Sales request',
    tags: ['leads'],
    body: ContactSalesSchema,
    status: 201,
    response: OkSchema,
  }),
} as const;
