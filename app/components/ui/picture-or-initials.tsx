// A record's picture (a course's thumbnail, an instructor's photo) or, when it has none, its initials in
// the picture's place. The name is written beside it, so the picture is decorative either way.

/** The two forms a picture takes in the admin lists: its size, shape, and the initials' type. */
const LOOKS = {
  /** A course's thumbnail in a table row. */
  thumbnail: { width: 64, height: 48, box: "h-12 w-16 shrink-0 rounded-md", picture: "object-cover", initials: "text-sm" },
  /** A person's photo on a card. */
  avatar: { width: 64, height: 64, box: "h-16 w-16 shrink-0 rounded-full", picture: "bg-slate-100 object-cover", initials: "text-lg" },
} as const;

/** The picture, lazily loaded, or the initials in a box of the same size. */
export function PictureOrInitials({ src, initials, look }: { src: string | null; initials: string; look: keyof typeof LOOKS }) {
  const { width, height, box, picture, initials: type } = LOOKS[look];
  if (src) return <img src={src} alt="" width={width} height={height} loading="lazy" decoding="async" className={`${box} ${picture}`} />;
  return (
    <span aria-hidden="true" className={`flex items-center justify-center bg-teal-100 font-bold text-teal-900 ${box} ${type}`}>
      {initials}
    </span>
  );
}
