// A real SMTP server for tests (smtp-server on 127.0.0.1, no TLS, no auth) that keeps every message
// it receives. Restart it on the same port with `startSmtpServer({ port })` to simulate an outage.
// Includes a small MIME decoder (RFC 2047 headers, base64 / quoted-printable bodies, multipart),
// enough for what nodemailer produces; mailparser is not available here.
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** Decoded Subject header. */
  subject: string;
  /** Unfolded headers, names lower-cased, values decoded (first occurrence wins). */
  headers: Record<string, string>;
  /** Decoded text/plain part, if any. */
  text?: string;
  /** Decoded text/html part, if any. */
  html?: string;
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the messages once at least `n` have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

// ---- MIME decoding -----------------------------------------------------------------------------

function decodeCharset(buf: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase() || "utf-8").decode(buf);
  } catch {
    return buf.toString("latin1");
  }
}

function qpToBuffer(input: string, header: boolean): Buffer {
  const s = header ? input.replace(/_/g, " ") : input.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const hex = s.slice(i + 1, i + 3);
    if (c === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** Decodes RFC 2047 encoded-words; adjacent words are joined byte-wise so split characters survive. */
export function decodeEncodedWords(value: string): string {
  const re = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  let out = "";
  let last = 0;
  let pending: { charset: string; bytes: Buffer[] } | undefined;
  const flush = () => {
    if (pending) out += decodeCharset(Buffer.concat(pending.bytes), pending.charset);
    pending = undefined;
  };
  for (let m = re.exec(value); m; m = re.exec(value)) {
    const between = value.slice(last, m.index);
    // Whitespace between two encoded words is not part of the text.
    if (!(pending && /^\s*$/.test(between))) {
      flush();
      out += between;
    }
    const charset = m[1]!.split("*")[0]!;
    const bytes = m[2]!.toUpperCase() === "B" ? Buffer.from(m[3]!, "base64") : qpToBuffer(m[3]!, true);
    if (pending && pending.charset.toLowerCase() === charset.toLowerCase()) pending.bytes.push(bytes);
    else {
      flush();
      pending = { charset, bytes: [bytes] };
    }
    last = m.index + m[0].length;
  }
  flush();
  return out + value.slice(last);
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const idx = raw.search(/\r?\n\r?\n/);
  const head = idx === -1 ? raw : raw.slice(0, idx);
  const body = idx === -1 ? "" : raw.slice(idx).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = decodeEncodedWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function param(header: string | undefined, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(header ?? "");
  return m ? (m[1] ?? m[2]) : undefined;
}

function decodeBody(part: Part): string {
  const cte = (part.headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const charset = param(part.headers["content-type"], "charset") ?? "utf-8";
  let bytes: Buffer;
  if (cte === "base64") bytes = Buffer.from(part.body.replace(/\s+/g, ""), "base64");
  else if (cte === "quoted-printable") bytes = qpToBuffer(part.body, false);
  else bytes = Buffer.from(part.body, "latin1");
  return decodeCharset(bytes, charset);
}

function collectParts(part: Part, into: { text?: string; html?: string }): void {
  const type = (part.headers["content-type"] ?? "text/plain").toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = param(part.headers["content-type"], "boundary");
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`);
    // sections[0] is the preamble; the last one starts with "--" (the epilogue).
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      collectParts(splitHeaders(section.replace(/^\r?\n/, "").replace(/\r?\n$/, "")), into);
    }
  } else if (type.startsWith("text/plain") && into.text === undefined) {
    into.text = decodeBody(part);
  } else if (type.startsWith("text/html") && into.html === undefined) {
    into.html = decodeBody(part);
  }
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const top = splitHeaders(raw);
  const bodies: { text?: string; html?: string } = {};
  collectParts(top, bodies);
  return { ...envelope, subject: top.headers.subject ?? "", headers: top.headers, ...bodies, raw };
}

// ---- server ------------------------------------------------------------------------------------

export async function startSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    secure: false,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      // Any credentials are accepted, so an smtp://user:pass@ URL works too.
      callback(null, { user: auth.username ?? "test" });
    },
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 500,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (err) => callback(err));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("latin1");
        const mailFrom = session.envelope.mailFrom;
        messages.push(
          parseMail(raw, {
            from: mailFrom ? mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
          }),
        );
        for (const w of waiters) w();
        callback();
      });
    },
  });
  server.on("error", () => {
    // Client errors (resets while stopping) are not test failures.
  });

  const port = await new Promise<number>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.server.once("error", onError);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.server.off("error", onError);
      const addr = server.server.address();
      if (addr && typeof addr === "object") resolve(addr.port);
      else reject(new Error("SMTP server has no port"));
    });
  });

  let stopped = false;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(n, timeoutMs = 5_000) {
      if (messages.length >= n) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length >= n) {
            cleanup();
            resolve(messages);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`expected ${n} messages, got ${messages.length} within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
      });
    },
    stop() {
      if (stopped) return Promise.resolve();
      stopped = true;
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
