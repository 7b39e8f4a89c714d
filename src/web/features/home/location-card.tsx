import { Bus, Car, ExternalLink, MapPin, Navigation, SquareParking, Train } from 'lucide-react';
import { venuePictures } from '../../../shared/venue-highlights';
import { useCatalogue } from '../../app/catalogue';
import { mapLinksOf } from './map-links';

const outLink = 'inline-flex min-h-11 items-center gap-2 rounded-full px-4 font-semibold';

function Block({ icon: Icon, title, children }: { icon: typeof Car; title: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-3">
      <Icon aria-hidden className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
      <div>
        <h4 className="font-bold text-slate-900">{title}</h4>
        <div className="text-slate-700">{children}</div>
      </div>
    </div>
  );
}

/** Where we are: a map placeholder (an illustration) and links to real maps. */
export function LocationCard() {
  const { venue } = useCatalogue();
  const mapLinks = mapLinksOf(venue.fullAddress);
  const pic = venuePictures.map;
  return (
    <article aria-labelledby="location-heading" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h3 id="location-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <MapPin aria-hidden className="h-6 w-6 text-berry-700" /> Find Us
      </h3>
      <figure className="mt-4">
        <img
          src={pic.src}
          width={pic.width}
          height={pic.height}
          alt={pic.alt}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-2xl ring-1 ring-slate-200"
        />
        <figcaption className="mt-2 text-sm text-slate-600">Map placeholder. Open a live map:</figcaption>
      </figure>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={mapLinks.google}
          target="_blank"
          rel="noopener noreferrer"
          className={`${outLink} bg-brand-700 text-white hover:bg-brand-800`}
        >
          Google Maps <ExternalLink aria-hidden className="h-4 w-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <a
          href={mapLinks.openStreetMap}
          target="_blank"
          rel="noopener noreferrer"
          className={`${outLink} border-2 border-brand-700 text-brand-800 hover:bg-brand-50`}
        >
          OpenStreetMap <ExternalLink aria-hidden className="h-4 w-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <a
          href={mapLinks.directions}
          target="_blank"
          rel="noopener noreferrer"
          className={`${outLink} bg-berry-700 text-white hover:bg-berry-600`}
        >
          <Navigation aria-hidden className="h-4 w-4" /> Live Directions
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </article>
  );
}

/** How to get here: by car (with the sat nav postcode), where to park, by bus and train. */
export function DirectionsCard() {
  const { venue } = useCatalogue();
  const d = venue.directions;
  return (
    <article aria-labelledby="directions-heading" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h3 id="directions-heading" className="text-xl font-bold text-slate-900">
        Getting Here
      </h3>
      <div className="mt-4 grid gap-6 md:grid-cols-3">
        <Block icon={Car} title="Driving directions">
          <ol className="list-decimal space-y-1 pl-5">
            <li>{d.motorway}</li>
            {d.steps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
          <p className="mt-2">
            Sat nav postcode: <strong className="text-slate-900">{venue.address.postcode}</strong>
          </p>
        </Block>
        <Block icon={SquareParking} title="Parking">
          <p>{d.parking}</p>
        </Block>
        <Block icon={Bus} title="Public transport">
          <p>{d.bus}</p>
          <p className="mt-1 flex gap-2">
            <Train aria-hidden className="mt-1 h-4 w-4 shrink-0 text-brand-700" /> {d.train}
          </p>
        </Block>
      </div>
    </article>
  );
}
