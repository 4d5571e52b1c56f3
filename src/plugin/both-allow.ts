// One access rule from two: the app's own and the gallery's. A caller gets through only where
// both let them: either refusing refuses; two queries are both applied.
import type { Access, Where } from 'payload'

type AccessResult = Awaited<ReturnType<Access>>

export function bothAllow(appRule: Access, galleryRule: Access): Access {
  return async (args) => {
    const app: AccessResult = await appRule(args)
    if (!app) return false
    const gallery: AccessResult = await galleryRule(args)
    if (!gallery) return false
    if (app === true) return gallery
    if (gallery === true) return app
    return { and: [app as Where, gallery as Where] }
  }
}
