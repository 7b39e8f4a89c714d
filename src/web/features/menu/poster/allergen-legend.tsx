import { allergens } from '../../../../shared/menu';

/** Code = allergen, for the short codes printed after each poster item. */
export function AllergenLegend() {
  return (
    <section
      aria-labelledby="allergen-legend"
      className="break-inside-avoid rounded-xl bg-amber-50 p-3 ring-1 ring-amber-300"
    >
      <h2 id="allergen-legend" className="font-display font-bold text-amber-950">
        Allergen key
      </h2>
      <dl className="mt-1 grid grid-cols-[repeat(auto-fill,minmax(min(10.5rem,100%),1fr))] gap-x-3 text-[0.85em] print:text-[1em]">
        {allergens.map((a) => (
          <div key={a.id} className="flex gap-1.5">
            <dt className="w-6 font-bold text-amber-900">{a.code}</dt>
            <dd className="text-slate-800">{a.label}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-[0.85em] text-slate-800">
        Please tell our staff about any allergies before ordering: traces may be present in any dish.
      </p>
    </section>
  );
}
