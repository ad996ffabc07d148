/** The e-mails identity sends: subject, plain text and HTML (the user's name escaped). */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function verificationMail(name: string, link: string): RenderedMail {
  return {
    subject: 'Verify your Taal account',
    text: `Hello ${name},\n\nPlease verify your e-mail address by opening this link (valid for 24 hours):\n\n${link}\n\nIf you did not sign up for Taal, ignore this message.\n`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>Please verify your e-mail address by opening this link (valid for 24 hours):</p><p><a href="${link}">${link}</a></p><p>If you did not sign up for Taal, ignore this message.</p>`,
  };
}

export function passwordResetMail(name: string, link: string): RenderedMail {
  return {
    subject: 'Reset your Taal password',
    text: `Hello ${name},\n\nTo choose a new password, open this link (valid for one hour, usable once):\n\n${link}\n\nIf you did not ask for this, ignore this message: your password stays the same.\n`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>To choose a new password, open this link (valid for one hour, usable once):</p><p><a href="${link}">${link}</a></p><p>If you did not ask for this, ignore this message: your password stays the same.</p>`,
  };
}
