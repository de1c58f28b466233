import { UserRound } from "lucide-react";

/** Round instructor photo (400×400 WebP from uploads) or a neutral placeholder when there is none. */
export function InstructorPhoto({
  src,
  alt,
  size,
  lazy = false,
}: {
  src: string | null;
  /** Empty when the name is written right beside the photo (it would only be read twice). */
  alt: string;
  size: number;
  lazy?: boolean;
}) {
  if (!src) {
    return (
      <span
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        style={{ width: size, height: size }}
        className="flex shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-700"
      >
        <UserRound aria-hidden="true" className="h-1/2 w-1/2" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
      className="shrink-0 rounded-full bg-slate-100 object-cover"
      style={{ width: size, height: size }}
    />
  );
}
