// The heading of a section of a public page, with the short introduction under it when it has one.
// `centered`: the About, Services and home "how it works" sections; otherwise at the start, as on the home
// page's strips (courses, categories, instructors).

/** The section's h2 (its `id` is what the section is aria-labelledby) and its intro. */
export function SectionHeading({ id, title, intro, centered = false }: { id: string; title: string; intro?: string; centered?: boolean }) {
  return (
    <>
      <h2 id={id} className={`${centered ? "text-center " : ""}text-3xl font-bold text-teal-950`}>
        {title}
      </h2>
      {intro && <p className={centered ? "mx-auto mt-4 max-w-2xl text-center text-slate-700" : "mt-3 max-w-2xl text-slate-700"}>{intro}</p>}
    </>
  );
}
