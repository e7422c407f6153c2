/** Fixed settings of the e2e server (loopback only; the token is a test value, not a secret). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8788);
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123456789abcdef';
export const E2E_BASE = `http://127.0.0.1:${E2E_PORT}`;
/** The test SMTP server's port (a spec starts it when it reads mail; otherwise nothing listens and sends fail, as with a dead server). */
export const E2E_SMTP_PORT = E2E_PORT + 1000;
