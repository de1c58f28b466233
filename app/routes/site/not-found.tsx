import { AppError } from "~/lib/errors.ts";

/** Unknown paths: a 404 rendered by the root error boundary in the visitor's language. */
export function loader() {
  throw new AppError("not_found", "errors.notFoundText");
}

export default function NotFound() {
  return null;
}
