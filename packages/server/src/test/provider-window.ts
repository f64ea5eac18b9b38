/**
 * A browser's window at a social login provider for the tests: its cookies at the provider,
 * redirects followed by hand until one leads to `stopAt` (the app's server, which gets no cookie
 * of the provider's), forms posted.
 */
export function providerWindow(stopAt: string) {
  const jar = new Map<string, string>()
  const send = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    const location = response.headers.get('location')
    if (location === null) return response
    const next = new URL(location, url).toString()
    return next.startsWith(stopAt) ? fetch(next) : send(next)
  }
  /** Posts the page's form whose action ends with `action`, with the button's name and value. */
  const press = async (pageUrl: string, html: string, action: string, field?: [string, string]) => {
    const form = new RegExp(`action="([^"]*/${action})"`).exec(html)?.[1]
    if (form === undefined) throw new Error(`No form ${action} on the page: ${html.slice(0, 300)}`)
    return send(new URL(form, pageUrl).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(field ? [field] : []).toString(),
    })
  }
  return { send, press }
}

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_m, name: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }
    return named[name] ?? ''
  })

/**
 * The form a `response_mode=form_post` page submits by itself: where it posts, and its hidden
 * fields (what the browser would send).
 */
export function formPostOf(html: string): { action: string; fields: URLSearchParams } {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
  if (action === undefined) throw new Error(`No form_post page: ${html.slice(0, 300)}`)
  const fields = new URLSearchParams()
  for (const [, name = '', value = ''] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g,
  ))
    fields.append(name, unescapeHtml(value))
  return { action: unescapeHtml(action), fields }
}
