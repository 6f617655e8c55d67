import type { ReactNode } from 'react';

/**
 * The pieces the step drawings (install-pictures*.tsx) are made of: a phone with the part of
 * the browser to tap ringed. Words inside a drawing come from i18n, never from here.
 */

/** The highlight ring around what to tap. */
export function Tap({ x, y, r = 13 }: { x: number; y: number; r?: number }) {
  return <circle className="install-picture__tap" cx={x} cy={y} r={r} />;
}

/** A phone outline, 160 × 300, with the screen from y 20 to 280; children draw on the screen. */
export function Phone({ label, children }: { label: string; children: ReactNode }) {
  return (
    <svg className="install-picture" viewBox="0 0 160 300" role="img" aria-label={label}>
      <rect className="install-picture__body" x="2" y="2" width="156" height="296" rx="22" />
      <rect className="install-picture__screen" x="10" y="20" width="140" height="260" rx="6" />
      {children}
    </svg>
  );
}

/** The page being visited: a few grey blocks in place of the site. */
export function PageSketch({ top }: { top: number }) {
  return (
    <g className="install-picture__muted">
      <rect x="20" y={top} width="120" height="50" rx="4" />
      <rect x="20" y={top + 60} width="80" height="8" rx="3" />
      <rect x="20" y={top + 76} width="110" height="8" rx="3" />
      <rect x="20" y={top + 92} width="95" height="8" rx="3" />
    </g>
  );
}

/** A list row of a browser menu or sheet; `active` is the one to tap. */
export function MenuRow({ y, text, active }: { y: number; text?: string; active?: boolean }) {
  return (
    <g>
      <rect
        className={active ? 'install-picture__row--active' : 'install-picture__row'}
        x="40"
        y={y}
        width="104"
        height="24"
        rx="4"
      />
      {text ? (
        <Label x={44} y={y} width={98} height={24} text={text} />
      ) : (
        <rect className="install-picture__muted" x="48" y={y + 9} width="60" height="6" rx="3" />
      )}
    </g>
  );
}

/** Safari's Share symbol: a box with an arrow up out of it, centred on x, y. */
export function IosShareIcon({ x, y }: { x: number; y: number }) {
  return (
    <g className="install-picture__icon-line">
      <path d={`M${x - 6} ${y - 3}h-2v12h16v-12h-2`} />
      <path d={`M${x} ${y + 3}v-12M${x - 4} ${y - 5}l4-4 4 4`} />
    </g>
  );
}

/**
 * Words inside a drawing, in a box they wrap within (translations differ in length by a
 * factor of two or more; SVG text would run out of the phone).
 */
export function Label(props: {
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
  variant?: 'accent' | 'small' | 'end';
}) {
  const variant = props.variant ? ` install-picture__label--${props.variant}` : '';
  return (
    <foreignObject x={props.x} y={props.y} width={props.width} height={props.height}>
      <div className={`install-picture__label${variant}`}>{props.text}</div>
    </foreignObject>
  );
}
