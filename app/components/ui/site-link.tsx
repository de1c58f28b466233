import { createContext, useCallback, useContext, type MouseEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";

/**
 * The links every public page repeats (header, Courses menu, phone menu, footer, course cards): a plain
 * `<a>` that the browser follows client-side, like React Router's `Link`, without `Link`'s dozen hooks per
 * link. A catalogue page has 80–100 of them, and `Link` cost about 1 ms of each uncached render (issue 18,
 * ADR 023). Everywhere else `Link` stays the way to link.
 *
 * A click does what it does on a `Link`: a plain left click on a same-origin link without a target
 * navigates inside the app (replacing the history entry when the URL is the current one); a modified or
 * middle click, another target, a download or another origin is left to the browser, and so is every
 * click without JavaScript. `data-discover` lets React Router find the route before the click, as it does
 * for its own links.
 */
type Follow = (event: MouseEvent<HTMLAnchorElement>) => void;

const FollowContext = createContext<Follow | null>(null);

/** One per document (the root layout): the click handler every SiteLink shares. */
export function SiteLinkProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const follow = useCallback<Follow>(
    (event) => {
      if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.currentTarget;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: to === here });
    },
    [navigate],
  );
  return <FollowContext.Provider value={follow}>{children}</FollowContext.Provider>;
}

interface SiteLinkProps {
  /** An absolute path in the page's language (`lp(…)`). */
  to: string;
  /** The link is the page being shown (`aria-current="page"`, as `NavLink` marks it): see isCurrentPath. */
  current?: boolean;
  className?: string;
  children?: ReactNode;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  "aria-label"?: string;
  "aria-labelledby"?: string;
}

// The props are named one by one, neither gathered with a rest nor spread onto the <a>: that costs React's
// server render about 2.3 µs more per link (renderToString of 200 links: 3.0–3.5 µs a link against 0.7), and
// a page draws 60 to 100 of them.
export function SiteLink(props: SiteLinkProps) {
  const { to, current, onClick } = props;
  const follow = useContext(FollowContext);
  return (
    <a
      className={props.className}
      href={to}
      aria-current={current ? "page" : undefined}
      aria-label={props["aria-label"]}
      aria-labelledby={props["aria-labelledby"]}
      data-discover="true"
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) follow?.(event);
      }}
    >
      {props.children}
    </a>
  );
}

/**
 * Whether the link to `to` is the page at `pathname`, by `NavLink`'s rule: the same path (letter case
 * aside) or, unless `end`, a page under it (`/en/about/team` for `/en/about`).
 */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const target = to.replace(/[?#].*$/, "").toLowerCase();
  if (here === target) return true;
  if (end) return false;
  const length = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return here.startsWith(target) && here.charAt(length) === "/";
}
