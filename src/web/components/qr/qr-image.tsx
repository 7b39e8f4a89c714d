import { QrCode } from 'lucide-react';

/** The QR code as an image, or a placeholder icon of the same size until it is ready. */
export function QrImage({
  dataUrl,
  size,
  label,
  className = '',
}: {
  dataUrl: string | null;
  size: number;
  label: string;
  className?: string;
}) {
  if (!dataUrl) {
    return (
      <div
        role="img"
        aria-label={`${label} (loading)`}
        data-testid="qr-placeholder"
        className={`flex aspect-square max-w-full items-center justify-center rounded-lg bg-slate-100 text-slate-500 ${className}`}
        style={{ width: size }}
      >
        <QrCode aria-hidden className="h-1/2 w-1/2 animate-pulse motion-reduce:animate-none" />
      </div>
    );
  }
  return (
    <img
      src={dataUrl}
      width={size}
      height={size}
      alt={label}
      className={`h-auto max-w-full bg-white [image-rendering:pixelated] ${className}`}
    />
  );
}
