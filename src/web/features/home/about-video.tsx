import { Play } from 'lucide-react';
import { useState } from 'react';
import { venuePictures } from '../../../shared/venue-highlights';
import { useCatalogue } from '../../app/catalogue';

const frame = 'aspect-[4/3] w-full rounded-3xl bg-brand-50 shadow-lg ring-1 ring-slate-200';

/**
 * DECISIONS.md: the About video (venue.aboutVideoUrl) loads only when the visitor presses play;
 * with none configured, an illustration stands in rather than a broken player.
 */
export function AboutVideo() {
  const { venue } = useCatalogue();
  const [playing, setPlaying] = useState(false);
  const pic = venuePictures.about;
  const poster = (
    <img
      src={pic.src}
      width={pic.width}
      height={pic.height}
      alt={pic.alt}
      loading="lazy"
      decoding="async"
      className={`${frame} object-cover`}
    />
  );
  if (!venue.aboutVideoUrl) return poster;
  if (playing) {
    return (
      <video src={venue.aboutVideoUrl} controls autoPlay playsInline className={frame}>
        <track kind="captions" />
      </video>
    );
  }
  return (
    <div className="relative">
      {poster}
      <button
        type="button"
        onClick={() => setPlaying(true)}
        className="absolute inset-0 m-auto inline-flex h-16 w-fit items-center gap-2 rounded-full bg-berry-700 px-6 text-lg font-bold text-white shadow-lg hover:bg-berry-600"
      >
        <Play aria-hidden className="h-6 w-6" /> Play our video
      </button>
    </div>
  );
}
