import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react';

/**
 * A text tooltip for an icon-only button (SPEC.md section 9: delay 700 ms, skip delay 300 ms, as Radix
 * Tooltip's delayDuration and skipDelayDuration mean them). Written here rather than taken from Radix:
 * it sits on public pages whose script budget is 100 KB, and this is well under 1 KB.
 * - Opens 700 ms after the pointer rests on the button or keyboard focus reaches it; opens at once when
 *   another tooltip closed less than 300 ms ago (moving along a row of buttons does not wait each time).
 * - Closes when the pointer leaves (the tip itself counts as inside, so it can be hovered: WCAG 1.4.13),
 *   on blur, on a press of the button, and on Escape, which goes no further (an open <dialog> stays open).
 * - Touch never opens it (a tap is a press); the button keeps its own accessible name, and the tip is
 *   tied to it with aria-describedby while shown. Positioned absolutely: nothing around it moves.
 */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Shared by every tooltip on the page: when the last one closed.
let lastClosedAt = Number.NEGATIVE_INFINITY;

const aligns = { center: 'left-1/2 -translate-x-1/2', start: 'left-0', end: 'right-0' };

export function Tooltip({
  label,
  align = 'center',
  className = '',
  children,
}: {
  label: string;
  /** Which edge of the button the tip lines up with: 'end' near the right edge of the screen. */
  align?: keyof typeof aligns;
  className?: string;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const shown = useRef(false); // the same, readable in handlers without waiting for a render
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pressed = useRef(false);

  const set = (next: boolean) => {
    if (shown.current && !next) lastClosedAt = Date.now();
    shown.current = next;
    setOpen(next);
  };
  const show = () => {
    clearTimeout(timer.current);
    const skip = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS;
    timer.current = setTimeout(() => set(true), skip ? 0 : TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    set(false);
  };

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault(); // Escape dismisses the tip only, not the dialog or menu around it
      e.stopPropagation();
      if (shown.current) lastClosedAt = Date.now();
      shown.current = false;
      setOpen(false);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open]);

  return (
    <span
      className={`relative inline-flex ${className}`}
      onPointerEnter={(e) => e.pointerType !== 'touch' && show()}
      onPointerLeave={hide}
      onPointerDown={() => {
        pressed.current = true;
        hide();
      }}
      onPointerUp={() => (pressed.current = false)}
      onFocus={() => {
        // Focus that comes from a press is not a request for the tip.
        if (!pressed.current) show();
        pressed.current = false;
      }}
      onBlur={hide}
    >
      {cloneElement(children, { 'aria-describedby': open ? id : undefined })}
      {open ? (
        <span id={id} role="tooltip" className={`absolute top-full z-50 pt-1 ${aligns[align]}`}>
          <span className="block rounded-lg bg-slate-900 px-2.5 py-1.5 text-sm font-semibold whitespace-nowrap text-white shadow-lg">
            {label}
          </span>
        </span>
      ) : null}
    </span>
  );
}
