import { Dialog } from '@/components/ui/dialog';
import type { ContactSalesSource } from '../api/contact-sales';
import { ContactSalesForm } from './contact-sales-form';

/** The Contact Sales modal of the landing page and /pricing. Closing it discards what was typed. */
export function ContactSalesDialog({
  open,
  onOpenChange,
  source,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  source: ContactSalesSource;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Contact Sales"
      description="Tell us about your fund or platform and we'll reply by email."
    >
      <ContactSalesForm source={source} onCancel={() => onOpenChange(false)} onSent={() => onOpenChange(false)} />
    </Dialog>
  );
}
