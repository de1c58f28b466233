// The view-only document viewer, loaded on demand so PDF.js never weighs on a page that does not open it.
import { lazy } from "react";

export type { DocumentViewerProps } from "./document-viewer.tsx";

export const LazyDocumentViewer = lazy(() => import("./document-viewer.tsx"));
