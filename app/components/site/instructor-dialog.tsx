import type { ComponentType } from "react";
import { Icon as SpriteIcon } from "~/components/icons/icon.tsx";
import { useI18n } from "~/lib/use-i18n.ts";
import { FacebookIcon, InstagramIcon, LinkedInIcon } from "~/components/ui/brand-icons.tsx";
import { Dialog } from "~/components/ui/dialog.tsx";
import { InstructorPhoto } from "./instructor-photo.tsx";
import type { InstructorLink, InstructorLinkKind, LocalizedInstructor } from "./instructor-view.ts";

function MailIcon({ className }: { className?: string }) {
  return <SpriteIcon name="mail" className={className} />;
}

const ICONS: Record<InstructorLinkKind, ComponentType<{ className?: string }>> = {
  email: MailIcon,
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  linkedin: LinkedInIcon,
};

/** The instructor's modal: photo, name, title, short bio (or 'No short bio available.'), links, Close. */
export function InstructorDialog({
  instructor,
  photoUrl,
  links,
  open,
  onOpenChange,
  onClosed,
}: {
  instructor: LocalizedInstructor | null;
  photoUrl: string | null;
  links: InstructorLink[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once it has closed (the dialog has no Radix trigger). */
  onClosed?: () => void;
}) {
  const { t } = useI18n();
  if (!instructor) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onClosed={onClosed}
      title={<bdi>{instructor.name}</bdi>}
      description={instructor.title ? <bdi>{instructor.title}</bdi> : undefined}
    >
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        <InstructorPhoto
          src={photoUrl}
          alt={t("about.instructors.photoAlt", { name: instructor.name })}
          size={112}
          name={instructor.name}
        />
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold uppercase text-teal-800 ltr:tracking-wide">
            {t("about.instructors.bioTitle")}
          </h3>
          <p
            dir={instructor.bio ? "auto" : undefined}
            className={`mt-2 whitespace-pre-line leading-relaxed ${instructor.bio ? "text-slate-700" : "text-slate-500"}`}
          >
            {instructor.bio ?? t("about.instructors.noBio")}
          </p>
        </div>
      </div>
      {links.length > 0 && (
        <div className="mt-6 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold uppercase text-teal-800 ltr:tracking-wide">
            {t("about.instructors.contactTitle")}
          </h3>
          <ul className="mt-3 flex flex-wrap gap-2">
            {links.map((link) => {
              const Icon = ICONS[link.kind];
              const external = link.kind !== "email";
              return (
                <li key={link.kind}>
                  <a
                    href={link.href}
                    {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                    className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:border-teal-700 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800"
                  >
                    <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-teal-800" />
                    <span>{t(`about.instructors.links.${link.kind}`)}</span>
                    <span className="sr-only">
                      {` ${t("about.instructors.linkContext", { name: instructor.name })}`}
                      {external ? ` ${t("about.instructors.newTab")}` : ""}
                    </span>
                    {external && (
                      <SpriteIcon name="external-link" className="h-3.5 w-3.5 shrink-0 text-slate-500 rtl:-scale-x-100"
                      />
                    )}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <div className="mt-6 flex justify-end">
        <button type="button" className="btn-secondary inline-flex" onClick={() => onOpenChange(false)}>
          {t("actions.close")}
        </button>
      </div>
    </Dialog>
  );
}
