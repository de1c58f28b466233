import pino from "pino";

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  redact: { paths: ["password", "*.password", "req.headers.cookie", "req.headers.authorization"], remove: true },
});

export type Logger = typeof logger;
