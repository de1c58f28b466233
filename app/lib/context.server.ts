import { createContext, type RouterContextProvider } from "react-router";
import type { Locale } from "./i18n.ts";

/** Values the Express layer hands to React Router for each request. */
export interface RequestInfo {
  nonce: string;
  requestId: string;
  /** Client address as Express resolved it (X-Forwarded-For only from proxies TRUST_PROXY trusts). */
  ip: string;
  /**
   * A state-changing request from another site (server.ts originCheck): the root middleware refuses it
   * before any action runs. Absent when nothing marked it (tests calling routes directly).
   */
  crossSite?: boolean;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", requestId: "", ip: "" });

/** The request's language, set by the i18next middleware (app/middleware/i18next.server.ts). */
export const localeContext = createContext<Locale>();

/** The request's language (the middleware ran). */
export function getLocale(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext);
}
