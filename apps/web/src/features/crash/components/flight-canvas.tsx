import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { multiplierAtMs } from '@spm/core';
import type { CrashPhase } from '@spm/contract';
import type { FlightClock, FlightFrame } from '../lib/flight-clock';
import { formatHundredths } from '../lib/multiplier';

/** The axes' smallest span: the first 10 s and up to 2.00x fill the screen at take-off. */
const MIN_SPAN_MS = 10_000;
const MIN_SPAN_MULTIPLIER = 2;
const CURVE_POINTS = 64;
const COLOURS = {
  curve: '#f5b301',
  fill: 'rgba(245, 179, 1, 0.18)',
  crashed: '#ef4444',
  crashedFill: 'rgba(239, 68, 68, 0.16)',
  grid: 'rgba(148, 163, 192, 0.18)',
  plane: '#ef4444',
};

const requestFrame = (callback: () => void): number =>
  typeof window.requestAnimationFrame === 'function'
    ? window.requestAnimationFrame(callback)
    : window.setTimeout(callback, 16);
const cancelFrame = (id: number): void =>
  typeof window.cancelAnimationFrame === 'function'
    ? window.cancelAnimationFrame(id)
    : window.clearTimeout(id);

/** The little plane, nose along +x, about 36 px long, drawn around its centre. */
function drawPlane(context: CanvasRenderingContext2D, x: number, y: number, angle: number) {
  context.save();
  context.translate(x, y);
  context.rotate(angle);
  context.fillStyle = COLOURS.plane;
  context.beginPath();
  // Fuselage
  context.moveTo(18, 0);
  context.quadraticCurveTo(12, -5, -14, -3);
  context.lineTo(-18, -9);
  context.lineTo(-20, -9);
  context.lineTo(-17, 1);
  context.quadraticCurveTo(0, 5, 18, 0);
  context.fill();
  // Wing
  context.beginPath();
  context.moveTo(4, 0);
  context.lineTo(-6, 12);
  context.lineTo(-10, 12);
  context.lineTo(-4, 0);
  context.fill();
  context.restore();
}

/** Draws one frame: the grid, the curve up to now, the plane at its tip. */
function drawFrame(
  canvas: HTMLCanvasElement,
  context: CanvasRenderingContext2D,
  frame: FlightFrame,
) {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (width === 0 || height === 0) return;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);

  const pad = 16;
  const spanMs = Math.max(MIN_SPAN_MS, frame.elapsedMs * 1.15);
  const top = Math.max(MIN_SPAN_MULTIPLIER, (frame.hundredths / 100) * 1.15);
  const x = (ms: number) => pad + ((width - 2 * pad) * ms) / spanMs;
  const y = (multiplier: number) =>
    height - pad - ((height - 2 * pad) * (multiplier - 1)) / (top - 1);

  context.strokeStyle = COLOURS.grid;
  context.lineWidth = 1;
  context.beginPath();
  for (let line = 1; line <= 4; line += 1) {
    const gridY = pad + ((height - 2 * pad) * line) / 5;
    context.moveTo(pad, gridY);
    context.lineTo(width - pad, gridY);
  }
  context.stroke();

  if (frame.phase !== 'flying' && frame.phase !== 'crashed') {
    drawPlane(context, x(0) + 20, y(1) - 10, 0);
    return;
  }
  const crashed = frame.phase === 'crashed';
  const points: [number, number][] = [];
  for (let step = 0; step <= CURVE_POINTS; step += 1) {
    const ms = (frame.elapsedMs * step) / CURVE_POINTS;
    const hundredths = step === CURVE_POINTS ? frame.hundredths : multiplierAtMs(ms);
    points.push([x(ms), y(hundredths / 100)]);
  }
  context.beginPath();
  context.moveTo(points[0]![0], points[0]![1]);
  for (const [pointX, pointY] of points) context.lineTo(pointX, pointY);
  context.lineTo(points.at(-1)![0], y(1));
  context.closePath();
  context.fillStyle = crashed ? COLOURS.crashedFill : COLOURS.fill;
  context.fill();
  context.beginPath();
  context.moveTo(points[0]![0], points[0]![1]);
  for (const [pointX, pointY] of points) context.lineTo(pointX, pointY);
  context.strokeStyle = crashed ? COLOURS.crashed : COLOURS.curve;
  context.lineWidth = 3;
  context.stroke();
  if (!crashed) {
    const [tipX, tipY] = points.at(-1)!;
    const [beforeX, beforeY] = points.at(-4)!;
    drawPlane(context, tipX, tipY - 8, Math.atan2(tipY - beforeY, tipX - beforeX || 1));
  }
}

/**
 * The flight: a canvas with the curve and the plane, redrawn on every animation frame from
 * the flight clock, and over it the multiplier in large type and the phase's line (the
 * countdown to take-off, FLEW AWAY at the crash). Neither the canvas nor the multiplier goes
 * through React per frame; React renders this only when the phase changes.
 */
export function FlightCanvas({
  clock,
  phase,
  secondsLeft,
}: {
  clock: FlightClock;
  phase: CrashPhase;
  secondsLeft: number;
}) {
  const { t } = useTranslation('crash');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const multiplierRef = useRef<HTMLOutputElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d') ?? null;
    let last = '';
    const unsubscribe = clock.subscribe((frame) => {
      const text = formatHundredths(frame.hundredths);
      const shown = multiplierRef.current;
      if (shown && shown.textContent !== text) shown.textContent = text;
      if (!canvas || !context) return;
      const key = `${frame.phase}:${frame.elapsedMs}:${frame.hundredths}:${canvas.clientWidth}x${canvas.clientHeight}`;
      if (key === last) return;
      last = key;
      drawFrame(canvas, context, frame);
    });
    let frameId = 0;
    const loop = () => {
      clock.emit();
      frameId = requestFrame(loop);
    };
    frameId = requestFrame(loop);
    return () => {
      cancelFrame(frameId);
      unsubscribe();
    };
  }, [clock]);

  // The multiplier's text is the clock's alone (written per frame, never by React): a phase
  // that shows it fills it at once rather than on the next animation frame.
  useLayoutEffect(() => clock.emit(), [clock, phase]);

  return (
    <div
      className={`crash-flight crash-flight--${phase}`}
      data-testid="crash-flight"
      data-phase={phase}
    >
      <canvas ref={canvasRef} className="crash-flight__canvas" aria-hidden="true" />
      <div className="crash-flight__overlay">
        {phase === 'betting' ? (
          <p className="crash-flight__status" data-testid="crash-countdown-line">
            {t('flight.takeOffIn')}{' '}
            <strong className="crash-flight__countdown" data-testid="crash-countdown">
              {secondsLeft}
            </strong>
          </p>
        ) : phase === 'paused' ? (
          <p className="crash-flight__status" data-testid="crash-paused">
            {t('flight.paused')}
          </p>
        ) : (
          <>
            {phase === 'crashed' && (
              <p className="crash-flight__flew" role="status" data-testid="crash-flew-away">
                {t('flight.flewAway')}
              </p>
            )}
            <output
              ref={multiplierRef}
              className="crash-flight__multiplier"
              aria-live="off"
              data-testid="crash-multiplier"
            />
          </>
        )}
      </div>
    </div>
  );
}
