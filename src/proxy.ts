// Anonymous visitors of /admin end at the product's /login (spec §2 protected route).
// A stale cookie still reaches Payload, whose login view redirects to /login as well.
import { NextResponse, type NextRequest } from 'next/server'
import { SESSION_COOKIE } from './lib/constants'

export function proxy(request: NextRequest) {
  if (request.cookies.has(SESSION_COOKIE)) return NextResponse.next()
  const url = request.nextUrl.clone()
  url.pathname = '/login'
  url.search = `?next=${encodeURIComponent(request.nextUrl.pathname + request.nextUrl.search)}`
  return NextResponse.redirect(url)
}

export const config = { matcher: ['/admin', '/admin/:path*'] }
