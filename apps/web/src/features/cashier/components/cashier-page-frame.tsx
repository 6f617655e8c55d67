import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface CashierPageFrameProps {
  /** The back link above the title: where it goes and its i18n key (the cashier hub). */
  back?: { to: string; labelKey: string };
  title: ReactNode;
  /** Extra class of the title (an icon beside it). */
  titleClassName?: string;
  /** A link beside the title: a new request, the history. */
  action?: { to: string; labelKey: string; testId: string; variant: 'primary' | 'ghost' };
  children: ReactNode;
}

const TO_CASHIER = { to: '/cashier', labelKey: 'cashier.backToCashier' };

/** Every cashier screen's frame: the back link, the title (and its action link), the content. */
export function CashierPageFrame({
  back = TO_CASHIER,
  title,
  titleClassName,
  action,
  children,
}: CashierPageFrameProps) {
  const { t } = useTranslation();
  const heading = (
    <h1
      className={titleClassName ? `page__title ${titleClassName}` : 'page__title'}
      data-testid="page-title"
    >
      {title}
    </h1>
  );
  return (
    <section className="page cashier-page">
      <Link className="cashier-back" to={back.to}>
        {t(back.labelKey)}
      </Link>
      {action ? (
        <div className="cashier-heading">
          {heading}
          <Link
            className={`button button--${action.variant}`}
            to={action.to}
            data-testid={action.testId}
          >
            {t(action.labelKey)}
          </Link>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
