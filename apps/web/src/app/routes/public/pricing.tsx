import { useState } from 'react';
import { Container } from '@/components/layout/page';
import { ContactSalesDialog } from '@/features/marketing/components/contact-sales-dialog';
import { CtaBand } from '@/features/marketing/components/cta-band';
import { FaqList } from '@/features/marketing/components/faq-list';
import { PageHero } from '@/features/marketing/components/page-hero';
import { PricingGrid } from '@/features/marketing/components/pricing-grid';
import { MarketingSection } from '@/features/marketing/components/section';
import { PRICING_FAQ } from '@/features/marketing/content/faq';

export default function PricingPage() {
  const [salesOpen, setSalesOpen] = useState(false);
  return (
    <>
      <title>Pricing · FitScore</title>
      <PageHero
        eyebrow="Pricing"
        title="Plans for founders and funds"
        intro="Start free as a founder or on a trial as a fund, and upgrade when FitScore earns its place."
      />
      <Container className="-mt-px py-14 sm:py-20">
        <h2 className="sr-only">Plans</h2>
        <PricingGrid onContactSales={() => setSalesOpen(true)} />
        <p className="mt-8 text-center text-sm text-slate-500">
          Prices in US dollars, billed monthly. Taxes may apply.
        </p>
      </Container>
      <MarketingSection tone="white" eyebrow="FAQ" title="Questions, answered" className="border-t border-slate-200">
        <FaqList items={PRICING_FAQ} />
      </MarketingSection>
      <CtaBand />
      <ContactSalesDialog open={salesOpen} onOpenChange={setSalesOpen} source="enterprise" />
    </>
  );
}
