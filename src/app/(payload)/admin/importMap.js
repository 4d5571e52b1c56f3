import { MediaPreview as MediaPreview_4eab15d80587d12713789e892f264ef4 } from '../../../../src/admin/media-preview'
import { MediaGalleryView as MediaGalleryView_52cf7333c52b1ed3af591f7ae83c002a } from '../../../../src/admin/media-gallery-view'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { RedirectToLogin as RedirectToLogin_b78da9cbe27bf0f5221878575ed77fef } from '../../../../src/admin/redirect-to-login'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/src/admin/media-preview#MediaPreview": MediaPreview_4eab15d80587d12713789e892f264ef4,
  "/src/admin/media-gallery-view#MediaGalleryView": MediaGalleryView_52cf7333c52b1ed3af591f7ae83c002a,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "/src/admin/redirect-to-login#RedirectToLogin": RedirectToLogin_b78da9cbe27bf0f5221878575ed77fef,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
