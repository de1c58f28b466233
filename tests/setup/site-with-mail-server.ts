// Imported first by a test file whose site has a mail server (SMTP_URL set): its decision replies then
// promise an email after the undo window instead of saying that nothing leaves (issue 36 item 16). Set at
// import, before any module parses the configuration (each test file has its own modules), and given back
// after the file, so the next file run in this process starts without one.
import { afterAll } from "vitest";

const before = process.env.SMTP_URL;
process.env.SMTP_URL = "smtp://127.0.0.1:2525";
afterAll(() => {
  if (before === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = before;
});
