import { createContext } from "react-router";

/** Values the Express layer hands to React Router for each request. */
export interface RequestInfo {
  nonce: string;
  requestId: string;
  /** Client address as Express resolved it (X-Forwarded-For only when TRUST_PROXY). */
  ip: string;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", requestId: "", ip: "" });
