// The order of a duplicate group's files: the best first (spec §9: "Select All But Best"
// keeps the largest file; the first file is labelled Best Quality). Ties by resolution,
// then the earlier upload (the original rather than the copy), then id for stability.

export type RankedFile = {
  id: string
  size: number | null
  width?: number | null
  height?: number | null
  uploadedAt?: string | null
}

export function compareBestFirst(a: RankedFile, b: RankedFile): number {
  const size = (b.size ?? 0) - (a.size ?? 0)
  if (size !== 0) return size
  const pixels = (b.width ?? 0) * (b.height ?? 0) - (a.width ?? 0) * (a.height ?? 0)
  if (pixels !== 0) return pixels
  const uploaded = (a.uploadedAt ?? '').localeCompare(b.uploadedAt ?? '')
  if (uploaded !== 0) return uploaded
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

export function bestFirst<T extends RankedFile>(files: readonly T[]): T[] {
  return [...files].sort(compareBestFirst)
}
