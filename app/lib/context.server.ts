import { createContext } from "react-router";

/** Values the Express layer hands to React Router for each request. */
export interface RequestInfo {
  nonce: string;
  requestId: string;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", requestId: "" });
