// Placement suggestions the manager confirms (never applied silently): the section and
// room most of the photo's nearest placed neighbours are in, weighted by how alike they
// are. The model's embedding is non-negative, so raw cosine similarities of unrelated
// photos are all high (0.7–0.95): embeddings are compared after subtracting the mean of
// the placed photos', which spreads them over -1..1, and only positive ones vote.
import { cosineSimilarity } from './category'

export type PlacedPhoto = { id: string; section: string; room: string | null; embedding: ArrayLike<number> }
export type Suggestion = { section: string; room: string | null; confidence: number }

export const SUGGESTION_NEIGHBOURS = 5
/** With fewer placed photos than this, their mean is not subtracted (it would be the photos themselves). */
const MIN_FOR_CENTERING = 3

export function meanEmbedding(embeddings: ArrayLike<number>[]): number[] {
  if (!embeddings.length) return []
  const mean = new Array<number>(embeddings[0].length).fill(0)
  for (const e of embeddings) for (let i = 0; i < mean.length; i++) mean[i] += (e[i] ?? 0) / embeddings.length
  return mean
}

const minus = (a: ArrayLike<number>, b: number[]) => Array.from(a, (v, i) => v - (b[i] ?? 0))

/** The k placed photos most like this embedding, with centred cosine similarities. */
export function nearestPlaced(embedding: ArrayLike<number>, placed: PlacedPhoto[], k = SUGGESTION_NEIGHBOURS) {
  const mean = placed.length >= MIN_FOR_CENTERING ? meanEmbedding(placed.map((p) => p.embedding)) : []
  const query = minus(embedding, mean)
  return placed
    .map((p) => ({ photo: p, similarity: cosineSimilarity(query, minus(p.embedding, mean)) }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, k)
}

const weightOf = (similarity: number) => Math.max(0, similarity)

/** The best section and room among the nearest placed photos, or null with nothing to go on. */
export function suggestPlacement(embedding: ArrayLike<number>, placed: PlacedPhoto[], k = SUGGESTION_NEIGHBOURS): Suggestion | null {
  const near = nearestPlaced(embedding, placed, k)
  const votes = new Map<string, { section: string; room: string | null; weight: number; best: number }>()
  let total = 0
  for (const { photo, similarity } of near) {
    const weight = weightOf(similarity)
    if (weight <= 0) continue
    total += weight
    const room = photo.room?.trim() || null
    const key = `${photo.section}\u0000${room?.toLowerCase() ?? ''}`
    const vote = votes.get(key) ?? { section: photo.section, room, weight: 0, best: 0 }
    vote.weight += weight
    vote.best = Math.max(vote.best, weight)
    votes.set(key, vote)
  }
  const winner = [...votes.values()].sort((a, b) => b.weight - a.weight)[0]
  if (!winner || total <= 0) return null
  // Agreement among the neighbours, tempered by how close the closest of them is.
  const confidence = (winner.weight / total) * Math.sqrt(winner.best)
  return { section: winner.section, room: winner.room, confidence: Math.round(confidence * 100) / 100 }
}
