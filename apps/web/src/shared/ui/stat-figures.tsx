import type { ReactNode } from 'react';
import './stat-figures.css';

/** One figure: its label and its value (a count, a points amount). */
export interface StatFigure {
  id: string;
  label: string;
  value: ReactNode;
}

/**
 * A page's headline figures (the referral page's, the bonus wallet's): two by two on a phone,
 * in one row on a desktop. `prefix` names the page in the test ids: `{prefix}-stats` for the
 * list, `{prefix}-stat-{id}` for each figure.
 */
export function StatFigures({
  prefix,
  label,
  figures,
}: {
  prefix: string;
  label: string;
  figures: readonly StatFigure[];
}) {
  return (
    <section aria-label={label}>
      <dl className="stat-figures" data-testid={`${prefix}-stats`}>
        {figures.map((figure) => (
          <div key={figure.id} className="stat-figure" data-testid={`${prefix}-stat-${figure.id}`}>
            <dt className="stat-figure__label">{figure.label}</dt>
            <dd className="stat-figure__value">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
