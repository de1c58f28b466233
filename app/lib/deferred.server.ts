// Deferred loader data for admin pages (with hooks/use-settled.ts on the page). A client navigation (a
// `.data` request: the app passes requests through unchanged, react-router.config.ts
// `v8_passThroughRequests`) gets the promise, so the page shows its placeholders at once and the
// numbers stream in. A document request waits for the data, so the first HTML is complete — also
// without JavaScript. Usage: `stats: isClientDataRequest(request) ? promise : await promise`.

export function isClientDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}
