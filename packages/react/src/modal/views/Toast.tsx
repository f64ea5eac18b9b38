'use client'
import { useEffect, useState } from 'react'

/**
 * A short confirmation ("Address copied") that floats over the view without moving anything,
 * announced politely, gone after 2 s. `show` changes to a new number to show it again.
 */
export function useToast(): [string | undefined, (message: string) => void] {
  const [message, setMessage] = useState<{ text: string; at: number }>()
  useEffect(() => {
    if (!message) return
    const timer = setTimeout(() => setMessage(undefined), 2000)
    return () => clearTimeout(timer)
  }, [message])
  return [message?.text, (text: string) => setMessage({ text, at: Date.now() })]
}

export function Toast({ message }: { message: string | undefined }) {
  return (
    <div role="status" className="latch-toast" data-testid="latch-toast" data-shown={message !== undefined}>
      {message ?? ''}
    </div>
  )
}
