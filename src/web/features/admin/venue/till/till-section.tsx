import { QueryState } from '../../components/query-state';
import { useTillCatalogue } from '../../till/api/till-api';
import { cardClass, SectionHeading } from '../section-parts';
import { ReadersCard } from './readers-card';
import { ShopItemsForm } from './shop-items-form';

/** Venue section "Till": the shop list and the card readers (issue 48). The cafe items' till facts are on the Cafe menu. */
export function TillSection() {
  const catalogue = useTillCatalogue();
  return (
    <div className="space-y-6">
      <SectionHeading title="Till">
        What the counter till sells from the shop, and the card readers it takes cards on. The cafe items&apos; VAT,
        options and availability are set on each item in Cafe menu.
      </SectionHeading>
      <section aria-labelledby="venue-shop-heading" className={cardClass}>
        <h4 id="venue-shop-heading" className="mb-3 text-lg font-bold text-brand-800">
          Shop items
        </h4>
        <QueryState query={catalogue} what="the shop items" />
        {catalogue.data ? (
          <ShopItemsForm key={JSON.stringify(catalogue.data.shop)} items={catalogue.data.shop} />
        ) : null}
      </section>
      <section aria-labelledby="venue-readers-heading" className={cardClass}>
        <h4 id="venue-readers-heading" className="mb-3 text-lg font-bold text-brand-800">
          Card readers
        </h4>
        <ReadersCard />
      </section>
    </div>
  );
}
