import { createTransport } from 'nodemailer'

/** One outgoing mail. */
export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
}

/** Sends mail; the embedded wallet's logins need one. */
export interface Mailer {
  send(mail: Mail): Promise<void>
  close?(): void
}

/**
 * Mail over SMTP with nodemailer. `url` is `smtp://host:port` (or `smtps://user:pass@host:465`),
 * usually `LATCH_SMTP_URL`; `from` is `LATCH_MAIL_FROM`. Neither is ever logged: the URL may
 * carry a password, and nodemailer's own logger stays off (it would print addresses).
 */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  if (!/^smtps?:\/\//.test(options.url)) throw new Error('LATCH_SMTP_URL must start with smtp:// or smtps://')
  const transport = createTransport(options.url)
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail })
    },
    close() {
      transport.close()
    },
  }
}
