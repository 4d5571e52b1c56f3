// Payload's file route (/api/media/file/{filename}?prefix=…) adds the caller's `prefix` to its
// database query, and the media collection has no such field (keys are the server's own
// choice), so the query failed with a 500. Nobody needs to choose a prefix: the read access
// check, the one step that runs before that query, refuses it with a 400.
import type { Access } from 'payload'
import { RefusedRequest } from '../../../src/server/http/errors'

export function refusePrefixOnFileRoute(access: Access): Access {
  return (args) => {
    if (args.isReadingStaticFile && args.req.searchParams?.has('prefix')) {
      throw new RefusedRequest('The file address takes no prefix.', 400)
    }
    return access(args)
  }
}
