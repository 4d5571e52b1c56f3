// Optional richer descriptions from an OpenAI-compatible chat endpoint with image input
// (a local Ollama, for example): VISION_API_URL (the API base, e.g. http://127.0.0.1:11434/v1,
// or the full …/chat/completions address), VISION_MODEL, VISION_API_KEY. Without it, or on
// any error, timeout or unusable answer, the local description stands (null here).
import sharp from 'sharp'
import { z } from 'zod'

export const VISION_TIMEOUT_MS = 20_000
const MAX_DESCRIPTION_LENGTH = 300
export const VISION_PROMPT =
  'Describe this photo of a rental property in one short sentence for a gallery caption (the room or place and what is in it). Answer with the sentence only.'

const answerSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
})

export type VisionConfig = { url: string; model: string; apiKey?: string; timeoutMs: number }

export function visionConfig(env: Record<string, string | undefined> = process.env): VisionConfig | null {
  const base = env.VISION_API_URL?.trim()
  if (!base) return null
  const url = /\/chat\/completions\/?$/.test(base) ? base : `${base.replace(/\/+$/, '')}/chat/completions`
  const timeout = Number(env.VISION_TIMEOUT_MS)
  return { url, model: env.VISION_MODEL?.trim() || 'llava', apiKey: env.VISION_API_KEY?.trim() || undefined, timeoutMs: timeout > 0 ? timeout : VISION_TIMEOUT_MS }
}

/** A sentence from the vision endpoint, or null (not configured, failed, slow or empty). */
export async function describeWithVision(image: Buffer, localDescription: string | null, config = visionConfig()): Promise<string | null> {
  if (!config) return null
  try {
    const jpeg = await sharp(image).resize(512, 512, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer()
    const response = await fetch(config.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        max_tokens: 120,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: `${VISION_PROMPT} A detector saw: ${localDescription ?? 'nothing it could name'}` },
              { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` } },
            ],
          },
        ],
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    })
    if (!response.ok) return null
    const parsed = answerSchema.safeParse(await response.json())
    if (!parsed.success) return null
    const text = parsed.data.choices[0].message.content.replace(/\s+/g, ' ').trim()
    if (!text) return null
    return text.length > MAX_DESCRIPTION_LENGTH ? `${text.slice(0, MAX_DESCRIPTION_LENGTH - 1).trimEnd()}…` : text
  } catch {
    return null
  }
}
