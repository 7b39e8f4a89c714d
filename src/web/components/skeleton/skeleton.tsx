/**
 * Content still to come, drawn at the size it will take so nothing moves when it arrives (layout shift): a
 * pulsing block, announced by its label as the spinner it replaces was. The prerendered shells (issue 47)
 * and the pages' own loading states draw the same block, so hydrating a shell changes nothing on screen.
 */
export function LoadingBlock({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`animate-pulse rounded-2xl bg-brand-100/60 ${className}`}>
      <span className="sr-only">{label}</span>
    </div>
  );
}
