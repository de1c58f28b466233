import { useId } from "react";
import { Icon, type IconName } from "~/components/icons/icon.tsx";
import { ReadMore } from "./read-more.tsx";

interface FeatureCardProps {
  /** A sprite icon (app/components/icons): no icon code ships with the page. */
  icon: IconName;
  title: string;
  text: string;
  /** The longer text 'Read more' reveals; paragraphs separated by blank lines. */
  more: string;
  /** Heading level of the card title within the page outline. */
  headingLevel?: "h2" | "h3";
}

/** A card with an icon, a title, a short text and a 'Read more' that reveals the longer text in place. */
export function FeatureCard({ icon, title, text, more, headingLevel: Heading = "h3" }: FeatureCardProps) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-teal-50 text-teal-800">
        <Icon name={icon} className="h-6 w-6" />
      </span>
      <Heading id={headingId} className="mt-4 text-xl font-semibold text-slate-900">
        {title}
      </Heading>
      <p className="mt-2 leading-relaxed text-slate-700">{text}</p>
      <ReadMore describedBy={headingId}>
        {more.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i} className={i > 0 ? "mt-3" : undefined}>
            {paragraph}
          </p>
        ))}
      </ReadMore>
    </article>
  );
}
