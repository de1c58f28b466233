import { createContext, useContext } from "react";
import href from "~/app.css?url";

// The site has one stylesheet. A production server sends it inside the page (ADR 009) so the first paint
// waits for nothing but the HTML; the dev server (and a build whose CSS file cannot be read) links it.
const InlineCssContext = createContext<string | null>(null);
export const InlineCssProvider = InlineCssContext.Provider;

/** Marks the inlined element, so the browser entry can hydrate it with the same text. */
const MARK = "data-stylesheet";

export function Stylesheet({ nonce }: { nonce?: string }) {
  const css = useContext(InlineCssContext);
  if (css === null) return <link rel="stylesheet" href={href} nonce={nonce} />;
  return <style nonce={nonce} {...{ [MARK]: href }} dangerouslySetInnerHTML={{ __html: css }} />;
}

/** In the browser: the stylesheet text the server put in the page (null when it linked the file). */
export function inlinedCss(): string | null {
  return document.querySelector(`style[${MARK}]`)?.textContent ?? null;
}

/** The URL of the built stylesheet, for the server to read it. */
export const stylesheetHref = href;
