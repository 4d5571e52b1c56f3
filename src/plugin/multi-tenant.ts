// Properties as plugin-multi-tenant's tenants (docs/properties-design.md §1): the plugin adds
// the `property` field to the gallery's collections, the accounts' `properties` list, scopes
// Payload's REST and admin to an account's properties and gives the admin its property
// selector. The raw-SQL reads are scoped by the gallery's own helper.
import type { MultiTenantPluginConfig } from '@payloadcms/plugin-multi-tenant/types'
import { actorOf } from '../server/auth/access'

/**
 * The options the gallery gives plugin-multi-tenant. An app that runs plugin-multi-tenant
 * itself (`propertyGallery({ multiTenant: false })`) passes these, with its own collections
 * added to `collections`, and lists that plugin after `propertyGallery`.
 */
export const galleryMultiTenantOptions: MultiTenantPluginConfig = {
  tenantsSlug: 'properties',
  // A record never moves to another property.
  tenantField: { name: 'property', access: { update: () => false } },
  tenantsArrayField: { arrayFieldName: 'properties', arrayTenantFieldName: 'property' },
  collections: { media: {}, 'gallery-sections': {}, runs: {} },
  userHasAccessToAllTenants: (user) => actorOf(user)?.role === 'platform-admin',
  // Removing a property is a run of its own with a final backup, not a cascade of deletes.
  cleanupAfterTenantDelete: false,
  i18n: { translations: { en: { 'nav-tenantSelector-label': 'Property' } } },
}
