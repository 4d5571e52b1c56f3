// PostgreSQL text cannot hold a NUL character: a value carrying one fails deep in the driver
// (a 500) unless it is refused up front. Checks strings, keys and nested values.
export function containsNul(value: unknown, depth = 0): boolean {
  if (depth > 32) return false
  if (typeof value === 'string') return value.includes('\u0000')
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1))
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1))
  }
  return false
}
