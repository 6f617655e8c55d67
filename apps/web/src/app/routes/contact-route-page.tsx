import type { PageProps } from '@/shared/lib/route-paths';
import { ContactForm } from '@/features/contact/contact-form';
import { ContactPage } from '@/features/content/content-page';

/**
 * /contactus: the operator's contact text (a content page) with the contact form under it.
 * Here, not in either feature: features do not import each other.
 */
export function ContactRoutePage({ titleKey }: PageProps) {
  return (
    <ContactPage titleKey={titleKey}>
      <ContactForm />
    </ContactPage>
  );
}
