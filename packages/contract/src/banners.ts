// The login page's banner carousel and the admin's Banners tab (spec section 2 'Social Media
// Manager', section 4 'Banner flow', section 9; PRODUCT.md 'Banners').
//
// Paths, limits, words and address helpers, without zod: the login page imports this file, and a
// bundler keeps a whole file in the chunk of its first importer. The schemas of the calls are in
// banners-schemas.ts, downloaded with the calls.

export const BANNERS_PATHS = {
  getUrl: 'banners/get-url',
  uploadImage: 'banners/upload-image',
  saveUrl: 'banners/save-url',
  deleteBanner: 'banners/delete-banner',
  // Beyond spec section 7: where the stored images are served from.
  imageFile: 'banners/images/:file',
} as const;

/** Spec section 9 'Maximum banner images'. */
export const BANNER_MAX_IMAGES = 3;
/** Each uploaded file, before re-encoding. */
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart fields of spec section 3 'Banner', in order. */
export const BANNER_FIELDS = ['image1', 'image2', 'image3'] as const;
export type BannerField = (typeof BANNER_FIELDS)[number];
/** What the picker offers and the server accepts (the server judges by the bytes, not the name). */
export const BANNER_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * Every banner is cropped to this shape, so the carousel never changes height between slides,
 * and stored as WebP in these widths: a phone picks a small one, a wide screen a large one.
 * A width above the uploaded image's own is not made (except the smallest, always there).
 */
export const BANNER_ASPECT = { width: 12, height: 5 } as const;
export const BANNER_WIDTHS = [480, 720, 960, 1280, 1600] as const;

/**
 * The carousel's width on each screen, as `sizes` tells the browser (to pick a file before layout):
 * the login page's left half from 900 px wide (at most 640 px), else the width of a phone (at most 420 px).
 */
export const BANNER_SIZES = '(min-width: 900px) min(640px, calc(50vw - 96px)), min(420px, calc(100vw - 32px))';

/** The first default image, which the login page paints largest when no campaign is posted. */
export const DEFAULT_BANNER_PATH = '/banners/banner-1.svg';

/** Spec section 9 'Banner carousel'. */
export const BANNER_CAROUSEL = {
  slidesPerView: 1,
  autoplayMs: 3000,
  transitionMs: 1000,
  loop: true,
} as const;

/**
 * The published banners as the server writes them into index.html (a JSON array of image
 * addresses), so the login page shows them without waiting for a call.
 */
export const BANNERS_ELEMENT_ID = 'academy-banners';

export const BANNERS_TEXT = {
  heading: 'Banner Management',
  uploadImages: 'Upload Images',
  hint: 'Upload up to 3 high-quality images for your banner carousel',
  previewGallery: 'Preview Gallery',
  postCampaign: 'Post Banner Campaign',
  deleteAll: 'Delete All Banners',
  emptyTitle: 'No banner images uploaded',
  emptyText: 'Upload some beautiful images to create your banner carousel!',
  // Beyond the spec's words: what is live, progress, confirmations and outcomes.
  /** The picker's accessible name: its visible words, told apart from the main button's. */
  pickerName: 'Upload Images: choose files',
  live: 'On the login page now',
  liveDefault: "No campaign is posted: the login page shows the academy's default images.",
  uploading: 'Uploading',
  remove: 'Remove',
  deleteConfirmTitle: 'Delete all banners?',
  deleteConfirmText: "The login page will show the academy's default images again.",
  cancel: 'Cancel',
  previewUnavailable: 'No preview',
  carouselLabel: 'Academy highlights',
  pause: 'Pause slideshow',
  play: 'Play slideshow',
  uploaded: 'Images uploaded',
  posted: 'Banner campaign posted',
  deleted: 'All banners deleted',
  uploadFailed: 'Upload failed',
  postFailed: 'Posting the campaign failed',
  deleteFailed: 'Deleting the banners failed',
  imagesRequired: 'Choose at least one image (fields image1, image2, image3)',
  tooManyImages: `Upload at most ${BANNER_MAX_IMAGES} images`,
  unknownField: 'is not a banner field (use image1, image2 or image3)',
  notIssued: 'is not an image uploaded to this server; upload it first',
  repeated: 'lists the same image twice',
} as const;

/** A stored file's name: `<sha256>-<width>.webp`. */
export const BANNER_FILE_PATTERN = /^([a-f0-9]{64})-(\d{3,4})\.webp$/;
const URL_PREFIX = `/api/${BANNERS_PATHS.imageFile.replace(':file', '')}`;

/** The address of one stored width of an image named by its content hash. */
export function bannerFileUrl(hash: string, width: number): string {
  return `${URL_PREFIX}${hash}-${width}.webp`;
}

/**
 * An image's address (its largest width, what the upload answers and save-url takes) split into
 * its hash and that width; null for anything this server did not issue.
 */
export function parseBannerUrl(url: string): { hash: string; maxWidth: number } | null {
  if (!url.startsWith(URL_PREFIX)) return null;
  const match = BANNER_FILE_PATTERN.exec(url.slice(URL_PREFIX.length));
  const maxWidth = Number(match?.[2]);
  if (!match?.[1] || !(BANNER_WIDTHS as readonly number[]).includes(maxWidth)) return null;
  return { hash: match[1], maxWidth };
}

/** The widths stored for an image whose largest stored width is `maxWidth`. */
export function bannerWidthsUpTo(maxWidth: number): number[] {
  return BANNER_WIDTHS.filter((width) => width <= maxWidth);
}

/** `srcset` for an image's address: every stored width, so the browser picks what fits the screen. */
export function bannerSrcSet(url: string): string {
  const parsed = parseBannerUrl(url);
  if (!parsed) return '';
  return bannerWidthsUpTo(parsed.maxWidth)
    .map((width) => `${bannerFileUrl(parsed.hash, width)} ${width}w`)
    .join(', ');
}
