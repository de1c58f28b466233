import { createContext } from "react-router";

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
