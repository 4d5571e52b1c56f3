// The gallery's admin screens, registered by path for Payload's import map.
import type { AdminViewConfig, CustomComponent } from 'payload'

export const galleryAdminViews: Record<string, AdminViewConfig> = {
  // Media Gallery Pro (it includes the upload card) replaces the stock dashboard.
  dashboard: { Component: '/src/admin/media-gallery-view#MediaGalleryView' },
  // Visitors sign in on the product's own /login page, not Payload's.
  login: { Component: '/src/admin/redirect-to-login#RedirectToLogin' },
  // Every property with its media count and last backup (platform admins).
  propertiesOverview: {
    Component: '/collections/properties/admin/overview-view#PropertiesOverviewView',
    path: '/properties-overview',
  },
}

export const galleryNavLinks: CustomComponent[] = ['/collections/properties/admin/overview-nav-link#PropertiesNavLink']
