import { Link } from 'react-router';
import { venue } from '../../../shared/venue';

export function HomePage() {
  return (
    <main id="home" className="px-6 py-16">
      <h1 className="text-4xl font-bold text-brand-800">{venue.name}</h1>
      <Link to="/booking">Book Now</Link>
    </main>
  );
}
