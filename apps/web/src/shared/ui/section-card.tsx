import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './section-card.css';

/**
 * A titled card of a page (the dashboard's, the referral page's): the title, an optional link
 * to the page its figures come from, then the content. `prefix` names the page in the ids:
 * `{prefix}-{id}` is the test id, `{prefix}-{id}-title` labels the section.
 */
export function SectionCard({
  prefix,
  id,
  title,
  link,
  className,
  children,
}: {
  prefix: string;
  id: string;
  title: string;
  link?: { to: string; label: string } | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={className ? `section-card ${className}` : 'section-card'}
      aria-labelledby={`${prefix}-${id}-title`}
      data-testid={`${prefix}-${id}`}
    >
      <header className="section-card__head">
        <h2 id={`${prefix}-${id}-title`} className="section-card__title">
          {title}
        </h2>
        {link && (
          <Link className="section-card__link" to={link.to} data-testid={`${prefix}-${id}-link`}>
            {link.label}
          </Link>
        )}
      </header>
      {children}
    </section>
  );
}
