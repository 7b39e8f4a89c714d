import { ArrowLeft, Download, ExternalLink, Lightbulb, LoaderCircle } from 'lucide-react';
import { useCatalogue } from '../../../app/catalogue';
import { Link } from '../../../app/router';
import { BreakableUrl } from './breakable-url';
import { QrImage } from '../../../components/qr/qr-image';
import { useSiteQrCode } from '../../../components/qr/use-qr-code';

const qrDownloadFileName = 'playtime-barn-menu-qr.png';
const qrOptions = { width: 400, margin: 2, errorCorrectionLevel: 'H' } as const;

const steps = [
  'Download the QR code with the button below.',
  'Print it on table cards, the counter or the cafe wall: at least 3 cm wide.',
  'Guests point their phone camera at the code.',
  'The cafe menu opens on their phone, with allergen details for every dish.',
];
const tips = [
  'High error correction means the code still scans if it gets a little scuffed or splashed.',
  'Leave a white border around the code when you trim or laminate it.',
  'Place codes where the light is good and at a height a seated parent can reach with a phone.',
  'Test-scan one printed copy before printing a whole batch.',
];

const buttonClass = 'inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-6 font-semibold';

/** /qr-menu: a large, high-error-correction QR code to /menu-enhanced for staff to print. */
export function QrMenuPage() {
  const { venue } = useCatalogue();
  const { dataUrl, url } = useSiteQrCode('/menu-enhanced', qrOptions);
  return (
    <main className="min-h-screen bg-brand-50/60 px-4 py-6 sm:py-10">
      <div className="mx-auto max-w-3xl">
        <Link
          to="/menu"
          className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-semibold text-brand-800 hover:bg-white"
        >
          <ArrowLeft aria-hidden className="h-5 w-5" />
          Back to Menu
        </Link>
        <h1 className="mt-4 font-display text-3xl font-bold text-brand-800 sm:text-4xl">Menu QR Code</h1>
        <p className="mt-2 text-lg text-slate-700">
          Print this code so guests at {venue.name} can open the cafe menu on their phones.
        </p>

        <section
          aria-label="QR code"
          className="mt-6 flex flex-col items-center gap-4 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-8"
        >
          <div data-testid="menu-qr">
            <QrImage dataUrl={dataUrl} size={400} label={`QR code linking to the ${venue.name} cafe menu`} />
          </div>
          <p className="text-center text-slate-700">
            Opens{' '}
            <span className="font-semibold wrap-anywhere text-slate-900">{url ? <BreakableUrl url={url} /> : '…'}</span>
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            {dataUrl ? (
              <a
                href={dataUrl}
                download={qrDownloadFileName}
                className={`${buttonClass} bg-brand-700 text-white hover:bg-brand-800`}
              >
                <Download aria-hidden className="h-5 w-5" />
                Download QR Code
              </a>
            ) : (
              <button type="button" disabled className={`${buttonClass} bg-slate-200 text-slate-700`}>
                <LoaderCircle aria-hidden className="h-5 w-5 animate-spin motion-reduce:animate-none" />
                <span role="status">Generating QR code...</span>
              </button>
            )}
            <a
              href="/menu-enhanced"
              target="_blank"
              rel="noopener noreferrer"
              className={`${buttonClass} bg-white text-brand-800 ring-2 ring-brand-700 hover:bg-brand-50`}
            >
              <ExternalLink aria-hidden className="h-5 w-5" />
              Preview Menu
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
        </section>

        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <section aria-labelledby="qr-steps" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h2 id="qr-steps" className="font-display text-xl font-bold text-brand-800">
              How to use it
            </h2>
            <ol className="mt-3 flex flex-col gap-3">
              {steps.map((s, i) => (
                <li key={s} className="flex gap-3">
                  <span
                    aria-hidden
                    className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                  >
                    {i + 1}
                  </span>
                  <span className="text-slate-800">{s}</span>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="qr-tips" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h2 id="qr-tips" className="flex items-center gap-2 font-display text-xl font-bold text-brand-800">
              <Lightbulb aria-hidden className="h-5 w-5 text-amber-600" />
              Tips
            </h2>
            <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-slate-800">
              {tips.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </main>
  );
}
