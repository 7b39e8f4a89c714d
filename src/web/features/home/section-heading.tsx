/** The heading block every home section opens with: a small kicker, the h2 and an intro line. */
export function SectionHeading({
  id,
  kicker,
  title,
  intro,
}: {
  id: string;
  kicker: string;
  title: string;
  intro?: string;
}) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <p className="text-sm font-bold tracking-widest text-berry-700 uppercase">{kicker}</p>
      <h2 id={id} className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg text-slate-700">{intro}</p>}
    </div>
  );
}
