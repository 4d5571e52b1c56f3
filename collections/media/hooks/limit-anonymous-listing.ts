// Visitors read media through /api/media-files (prepared once per version). Payload's
// stock REST listing materialises every requested document, so an anonymous request
// for ?limit=10000 would cost seconds of CPU and gigabytes of memory: cap its page size.
import type { CollectionBeforeOperationHook } from 'payload'

export const ANONYMOUS_PAGE_LIMIT = 100

export const limitAnonymousListing: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== 'read' || req.user) return args
  const listing = args as { limit?: number; pagination?: boolean }
  if (listing.pagination === false || !listing.limit || listing.limit > ANONYMOUS_PAGE_LIMIT) {
    return { ...listing, limit: ANONYMOUS_PAGE_LIMIT, pagination: true } as typeof args
  }
  return args
}
