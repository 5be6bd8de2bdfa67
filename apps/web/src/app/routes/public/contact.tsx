import { LifeBuoy, Mail, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Container } from '@/components/layout/page';
import { ContactSalesForm } from '@/features/marketing/components/contact-sales-form';
import { PageHero } from '@/features/marketing/components/page-hero';
import { CONTACT_EMAILS } from '@/features/marketing/content/contacts';

const CHANNELS: readonly { title: string; text: string; email: string; icon: LucideIcon }[] = [
  {
    title: 'Support',
    text: 'Help with your account, uploads or scores.',
    email: CONTACT_EMAILS.support,
    icon: LifeBuoy,
  },
  { title: 'Sales', text: 'Plans for funds, platforms and Enterprise.', email: CONTACT_EMAILS.sales, icon: Mail },
  {
    title: 'Privacy',
    text: 'Data requests and questions about your data.',
    email: CONTACT_EMAILS.privacy,
    icon: ShieldCheck,
  },
];

export default function ContactPage() {
  return (
    <>
      <title>Contact · FitScore</title>
      <PageHero
        eyebrow="Get in touch"
        title="Contact us"
        intro="Questions about your account, a plan for your fund, or your data: here is who to write to."
      />
      <Container className="grid gap-10 py-14 sm:py-20 lg:grid-cols-12">
        <section aria-labelledby="channels-title" className="lg:col-span-5">
          <h2 id="channels-title" className="text-xl font-semibold text-slate-900">
            Email us
          </h2>
          <ul className="mt-6 space-y-4">
            {CHANNELS.map(({ title, text, email, icon: Icon }) => (
              <li key={title} className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <div className="min-w-0">
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="text-sm text-slate-600">{text}</p>
                  <a
                    href={`mailto:${email}`}
                    className="mt-1 inline-flex min-h-10 items-center font-semibold break-all text-brand-700 hover:text-brand-800 hover:underline"
                  >
                    {email}
                  </a>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section
          aria-labelledby="sales-title"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-7"
        >
          <h2 id="sales-title" className="text-xl font-semibold text-slate-900">
            Contact Sales
          </h2>
          <p className="mt-1 text-sm text-slate-600">Tell us about your fund or platform and we'll reply by email.</p>
          <ContactSalesForm source="contact" className="mt-6" />
        </section>
      </Container>
    </>
  );
}
