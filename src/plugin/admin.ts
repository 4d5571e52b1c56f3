// The gallery's admin screens, registered for Payload's import map by the package's entry points
// (`property-gallery/rsc`, `property-gallery/client`), which resolve in any app that installs the
// gallery; a path from the app's base directory (`/src/admin/…`) would resolve only in this repository.
import type { AdminViewConfig, CustomComponent } from 'payload'

export const galleryAdminViews: Record<string, AdminViewConfig> = {
  // Media Gallery Pro (it includes the upload card) replaces the stock dashboard.
  dashboard: { Component: 'property-gallery/rsc#MediaGalleryView' },
  // Visitors sign in on the product's own /login page, not Payload's.
  login: { Component: 'property-gallery/rsc#RedirectToLogin' },
  // Every property with its media count and last backup (platform admins).
  propertiesOverview: {
    Component: 'property-gallery/rsc#PropertiesOverviewView',
    path: '/properties-overview',
  },
}

export const galleryNavLinks: CustomComponent[] = ['property-gallery/rsc#PropertiesNavLink']
