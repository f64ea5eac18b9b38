import type { MessageId, Messages } from './en.js'

/** Fills `{name}` placeholders. Values are plain text; nothing is parsed as HTML. */
export function formatMessage(
  messages: Messages,
  id: MessageId,
  values?: Readonly<Record<string, string | number>>,
): string {
  const template = messages[id]
  if (!values) return template
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match))
}
