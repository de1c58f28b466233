/**
 * A server row as a page may receive it: its dates may arrive as ISO strings (a fetcher's JSON, a
 * serialized form value), so components accept either and format through app/lib/format.ts.
 */
export type Wire<T> = { [K in keyof T]: T[K] extends Date ? Date | string : T[K] extends Date | null ? Date | string | null : T[K] };
