/**
 * A market panel's header: its title and the legend of its two columns. The first label sits
 * on the blue (back/yes) or pink (lay/no) swatch the caller names, in the columns' order.
 */
export function MarketHeader({
  title,
  legend,
}: {
  title: string;
  legend: readonly [
    { label: string; tone: 'back' | 'lay' },
    { label: string; tone: 'back' | 'lay' },
  ];
}) {
  return (
    <header className="market__header">
      <h2 className="market__title">{title}</h2>
      <span className="market__legend">
        {legend.map(({ label, tone }) => (
          <span key={tone} className={`odds-legend odds-legend--${tone}`}>
            {label}
          </span>
        ))}
      </span>
    </header>
  );
}
