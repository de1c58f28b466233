import { Icon } from "~/components/icons/icon.tsx";
import { initials } from "~/lib/initials.ts";

/**
 * Round instructor photo (400×400 WebP from uploads); without one, the initials of `name` (the name as
 * the page shows it, so Arabic letters on Arabic pages), or a neutral placeholder when there is no name.
 */
export function InstructorPhoto({
  src,
  alt,
  size,
  lazy = false,
  name,
}: {
  src: string | null;
  /** Empty when the name is written right beside the photo (it would only be read twice). */
  alt: string;
  size: number;
  lazy?: boolean;
  /** The displayed name, for the initials shown without a photo. */
  name?: string;
}) {
  if (!src) {
    const letters = name ? initials(name) : "";
    return (
      <span
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        style={{ width: size, height: size }}
        className="flex shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-800"
      >
        {letters ? (
          <span aria-hidden="true" dir="auto" className="font-bold leading-none" style={{ fontSize: Math.round(size * 0.36) }}>
            {letters}
          </span>
        ) : (
          <Icon name="user-round" className="h-1/2 w-1/2" />
        )}
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
