// The booking link must be a web address guests can open: http(s) only, so no javascript:
// or data: URL ever reaches the public header's link.
import type { TextFieldSingleValidation } from 'payload'
import { isBookingUrl } from '../../src/lib/property'

export const validateBookingUrl: TextFieldSingleValidation = (value) =>
  !value || isBookingUrl(value) ? true : 'Enter a full web address starting with https:// (or http://).'
