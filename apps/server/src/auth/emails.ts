import type { MailMessage } from "../mail/transport";

/** Escapes text for an HTML e-mail body. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, inner: string): string {
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f6f7f9;font-family:Arial,Helvetica,sans-serif;color:#1f2328">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>
${inner}
<p style="margin:24px 0 0;font-size:12px;color:#6e7781">If you did not ask to sign in to Promptune, you can ignore this e-mail.</p>
</div></body></html>`;
}

/** The magic-link e-mail: one button and the plain link, valid for `minutes`. */
export function magicLinkEmail(to: string, link: string, minutes: number): MailMessage {
  return {
    to,
    subject: "Your Promptune sign-in link",
    text: [
      "Sign in to Promptune by opening this link:",
      "",
      link,
      "",
      `The link works once and expires in ${minutes} minutes.`,
      "If you did not ask to sign in, you can ignore this e-mail.",
    ].join("\n"),
    html: layout(
      "Sign in to Promptune",
      `<p style="margin:0 0 24px">Click the button to sign in. The link works once and expires in ${minutes} minutes.</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#FB9205;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">Sign in</a></p>
<p style="margin:0;font-size:12px;word-break:break-all;color:#6e7781">${escapeHtml(link)}</p>`,
    ),
  };
}

/** The e-mail-code message: the 6-digit code, valid for `minutes`. */
export function signInCodeEmail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: `Your Promptune sign-in code: ${code}`,
    text: [
      `Your Promptune sign-in code is ${code}`,
      "",
      `Enter it to sign in. The code works once and expires in ${minutes} minutes.`,
      "If you did not ask to sign in, you can ignore this e-mail.",
    ].join("\n"),
    html: layout(
      "Your sign-in code",
      `<p style="margin:0 0 16px">Enter this code to sign in. It works once and expires in ${minutes} minutes.</p>
<p style="margin:0;font-size:32px;letter-spacing:8px;font-weight:bold">${escapeHtml(code)}</p>`,
    ),
  };
}
