import { ArrowLeft, Printer } from 'lucide-react';
import { menuFooterText, menuSections } from '../../../../shared/menu';
import { useCatalogue, useMenuItems } from '../../../app/catalogue';
import { Link } from '../../../app/router';
import { sectionItems } from '../menu-items-of';
import { BreakableUrl } from '../qr/breakable-url';
import { QrImage } from '../../../components/qr/qr-image';
import { useSiteQrCode } from '../../../components/qr/use-qr-code';
import { AllergenLegend } from './allergen-legend';
import { PosterSection } from './poster-section';
import './poster-print.css';

const qrOptions = { width: 120, margin: 1, errorCorrectionLevel: 'M' } as const;

function PosterQr({
  dataUrl,
  url,
  caption,
  testId,
}: {
  dataUrl: string | null;
  url: string | null;
  caption: string;
  testId: string;
}) {
  return (
    <figure className="flex max-w-full flex-wrap items-center gap-3" data-testid={testId}>
      <QrImage dataUrl={dataUrl} size={120} label={`QR code: ${caption}`} />
      <figcaption className="w-40 max-w-full text-sm leading-snug text-slate-700 print:text-[8pt]">
        {caption}
        {url && (
          <span className="mt-1 block break-words font-semibold text-slate-900">
            <BreakableUrl url={url} hideScheme />
          </span>
        )}
      </figcaption>
    </figure>
  );
}

/** /menu-poster: the whole menu on one printable A4 sheet, with QR codes to the menu page. */
export function MenuPosterPage() {
  const { venue } = useCatalogue();
  const menu = useMenuItems();
  const menuItems = 'items' in menu ? menu.items : [];
  const { dataUrl, url } = useSiteQrCode('/menu', qrOptions);
  return (
    <div className="min-h-screen bg-slate-100 print:bg-white">
      <nav
        aria-label="Poster"
        className="print-hide mx-auto flex max-w-[210mm] flex-wrap items-center justify-between gap-3 px-4 py-4"
      >
        <Link
          to="/menu"
          className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-semibold text-brand-800 hover:bg-white"
        >
          <ArrowLeft aria-hidden className="h-5 w-5" />
          Back to Menu
        </Link>
        <button
          type="button"
          onClick={() => window.print()}
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-5 font-semibold text-white shadow hover:bg-brand-800"
        >
          <Printer aria-hidden className="h-5 w-5" />
          Print Menu
        </button>
      </nav>
      <main className="menu-poster mx-auto max-w-[210mm] bg-white px-4 py-6 text-[15px] shadow-lg sm:px-8 print:max-w-none print:p-0 print:text-[8.5pt] print:leading-tight print:shadow-none">
        <header className="flex flex-wrap items-center justify-between gap-4 border-b-4 border-sun-400 pb-3 sm:flex-nowrap print:flex-nowrap print:pb-2">
          <div className="flex min-w-0 items-center gap-3">
            <img src="/favicon.svg" width={56} height={56} alt="" className="h-14 w-14" />
            <div>
              <h1 className="font-display text-3xl font-bold text-brand-800 print:text-[20pt]">{venue.name} Cafe</h1>
              <p className="text-sm text-slate-700 print:text-[8.5pt]">Menu · {venue.fullAddress}</p>
            </div>
          </div>
          <PosterQr
            dataUrl={dataUrl}
            url={url}
            caption="Scan for our menu with full allergen details"
            testId="poster-qr-top"
          />
        </header>

        {!('items' in menu) && (
          <p role="status" className="mt-4 text-center font-semibold text-slate-800">
            {'failed' in menu ? 'The menu could not be loaded. Please reload the page.' : 'Loading the menu…'}
          </p>
        )}
        <div className="mt-4 gap-6 sm:columns-2 print:mt-2 print:columns-2">
          {menuSections.map((s) => (
            <PosterSection key={s.id} id={s.id} label={s.label} emoji={s.emoji} items={sectionItems(menuItems, s.id)} />
          ))}
        </div>

        <footer className="mt-2 flex flex-col items-center gap-4 border-t-4 border-sun-400 pt-3 sm:flex-row sm:items-start print:mt-1 print:flex-row print:items-center print:pt-2">
          <div className="max-w-full flex-1">
            <AllergenLegend />
            <p className="mt-2 text-center font-semibold text-brand-800">{menuFooterText}</p>
          </div>
          <PosterQr
            dataUrl={dataUrl}
            url={url}
            caption="Scan to see this menu on your phone"
            testId="poster-qr-bottom"
          />
        </footer>
      </main>
    </div>
  );
}
