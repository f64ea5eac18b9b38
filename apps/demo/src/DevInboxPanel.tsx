import { useEffect, useState } from 'react'
import { env } from './env.js'

interface Mail {
  id: string
  to: string[]
  from: string
  subject: string
  text: string
  date: string
}

const isMail = (value: unknown): value is Mail => {
  const m = value as Record<string, unknown>
  return (
    typeof m === 'object' &&
    m !== null &&
    ['id', 'from', 'subject', 'text', 'date'].every((key) => typeof m[key] === 'string') &&
    Array.isArray(m.to) &&
    m.to.every((address) => typeof address === 'string')
  )
}

/**
 * The mail the local @latch/server sent (login codes, device links), read from the test kit's
 * SMTP sink that `npm start` runs. Shown as plain text: nothing from a mail is rendered as HTML.
 */
export function DevInboxPanel() {
  const [mails, setMails] = useState<Mail[]>([])
  const [error, setError] = useState(false)
  useEffect(() => {
    const inbox = env.mailInbox
    if (!inbox) return
    let stopped = false
    const load = async () => {
      try {
        const response = await fetch(new URL('/messages', inbox))
        const body: unknown = await response.json()
        if (!stopped) {
          setMails(Array.isArray(body) ? body.filter(isMail).slice(0, 10) : [])
          setError(false)
        }
      } catch {
        if (!stopped) setError(true)
      }
    }
    void load()
    const timer = setInterval(load, 2_000)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [])
  if (!env.mailInbox) return null
  return (
    <section aria-labelledby="inbox-title" data-testid="demo-inbox">
      <h2 id="inbox-title">Dev inbox</h2>
      <p>
        Mail the local server sent (the embedded wallet's login codes). Sign in with any address with the
        email field of the Connect view; the code arrives here.
      </p>
      {error && <p role="status">The mail sink is not reachable.</p>}
      {mails.length === 0 && !error && <p role="status">No mail yet.</p>}
      <ul className="demo-inbox">
        {mails.map((mail) => (
          <li key={mail.id} data-testid="demo-inbox-mail">
            <p>
              <strong>{mail.subject}</strong> to {mail.to.join(', ')} ·{' '}
              {new Date(mail.date).toLocaleTimeString('en-US')}
            </p>
            <pre>{mail.text}</pre>
          </li>
        ))}
      </ul>
    </section>
  )
}
