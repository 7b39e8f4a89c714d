import { useEffect, type RefObject } from 'react';

/** After this long without a touch or a key, a half-typed search is abandoned and the scanner gets focus back. */
const IDLE_MS = 30_000;

/**
 * Keeps focus on the handheld scanner's input while nobody is using the kiosk: a scanner types into
 * whatever has focus, so the page must be listening without anyone tapping first. Focus that moved to
 * another field stays there while the family types; focus that fell to the page comes back at once.
 */
export function useIdleFocus(ref: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let lastUse = Date.now();
    const focus = () => ref.current?.focus({ preventScroll: true });
    const idle = () => {
      const active = document.activeElement;
      if (!active || active === document.body || Date.now() - lastUse > IDLE_MS) focus();
    };
    const used = () => {
      lastUse = Date.now();
    };
    // After a blur, the next element has focus only once the event is over.
    const onFocusOut = () => setTimeout(idle, 0);
    focus();
    const timer = setInterval(idle, 1000);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', used, true);
    document.addEventListener('keydown', used, true);
    return () => {
      clearInterval(timer);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', used, true);
      document.removeEventListener('keydown', used, true);
    };
  }, [ref, enabled]);
}
