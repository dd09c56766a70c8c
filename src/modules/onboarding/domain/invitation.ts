/** The invitation e-mail (plain text and HTML, branded with the client's name). Pure. */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function invitationMessage(input: { brand: string; firstName: string; link: string; expiresAt: Date }): { subject: string; text: string; html: string } {
  const until = input.expiresAt.toISOString().slice(0, 10);
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const subject = `${input.brand}: please verify your identity`;
  const text = [
    greeting,
    '',
    `${input.brand} asks you to verify your identity. It takes about five minutes: have your passport or driving licence ready.`,
    '',
    `Start here: ${input.link}`,
    '',
    `The link is personal to you and works until ${until}. If you did not expect this message, you can ignore it.`,
  ].join('\n');
  const b = escapeHtml(input.brand);
  const link = escapeHtml(input.link);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1b1f24;max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:600;margin:0 0 16px">${b}</p>
<p>${escapeHtml(greeting)}</p>
<p>${b} asks you to verify your identity. It takes about five minutes: have your passport or driving licence ready.</p>
<p style="margin:24px 0"><a href="${link}" style="background:#0b5cad;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Verify my identity</a></p>
<p style="font-size:14px;color:#4a5560">Or copy this address into your browser: <br><span style="word-break:break-all">${link}</span></p>
<p style="font-size:14px;color:#4a5560">The link is personal to you and works until ${until}. If you did not expect this message, you can ignore it.</p>
</body></html>`;
  return { subject, text, html };
}
