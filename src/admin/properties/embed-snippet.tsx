// The snippet a manager pastes into the property's own web site to show its gallery (the embed
// view), under the list of origins allowed to frame it in the property's editor: both describe
// one thing, and the snippet needs the property's address (its first domain, else this server
// under /p/{slug}, the default property on the bare paths).
'use client'
import { useFormFields } from '@payloadcms/ui'
import { useEffect, useState } from 'react'
import { embedSnippet } from '@/lib/embed-snippet'

export function EmbedSnippet() {
  const name = useFormFields(([fields]) => fields.name?.value as string | undefined)
  const slug = useFormFields(([fields]) => fields.slug?.value as string | undefined)
  const isDefault = useFormFields(([fields]) => fields.isDefault?.value as boolean | undefined)
  const domain = useFormFields(([fields]) => fields['domains.0.domain']?.value as string | undefined)
  const origins = useFormFields(([fields]) => (fields.embedOrigins?.value as number | undefined) ?? 0)
  const [copied, setCopied] = useState(false)
  // This server's address is known in the browser only (the server render shows nothing).
  const [here, setHere] = useState<string | null>(null)
  useEffect(() => setHere(window.location.origin), [])
  if (!slug || !here) return null

  const siteUrl = domain ? `https://${domain}` : `${here}${isDefault ? '' : `/p/${slug}`}`
  const snippet = embedSnippet({ siteUrl, name: name || slug })
  const copy = async () => {
    await navigator.clipboard.writeText(snippet)
    setCopied(true)
  }
  return (
    <div className="field-type" style={{ marginBottom: 24 }} data-testid="embed-snippet">
      <label className="field-label" htmlFor="embed-snippet-code">
        Embed code
      </label>
      <p style={{ margin: '0 0 8px' }}>
        Paste this into a page of a site listed above to show the whole gallery there; for one section, change <code>/embed</code> to{' '}
        <code>/embed/&lt;section id&gt;</code> (e.g. <code>/embed/upstairs</code>). The frame grows to fit the photos.
        {origins === 0 ? ' No site is listed yet, so no site can show it.' : ''}
      </p>
      <textarea id="embed-snippet-code" readOnly value={snippet} rows={10} style={{ width: '100%', fontFamily: 'monospace', fontSize: 12 }} />
      <button type="button" className="btn btn--style-secondary btn--size-small" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy embed code'}
      </button>
    </div>
  )
}
