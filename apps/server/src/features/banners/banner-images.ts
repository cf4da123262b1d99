import path from 'node:path';
import { BANNER_ASPECT, BANNER_WIDTHS, bannerFileUrl, bannerWidthsUpTo } from '@academy/contract';
import { assertAcceptedImage, ContentFolder, reencodeImage, sha256Hex } from '../../lib/images';

/** One uploaded banner, re-encoded, not yet on disk. */
export interface EncodedBanner {
  /** SHA-256 of the largest width's bytes: the image's name. */
  hash: string;
  maxWidth: number;
  files: { width: number; bytes: Buffer }[];
}

const heightFor = (width: number) => Math.round((width * BANNER_ASPECT.height) / BANNER_ASPECT.width);

/** The largest stored width an image of this (upright) size gets: never enlarged past the smallest. */
function maxWidthFor(width: number, height: number): number {
  const croppedWidth = Math.min(width, Math.floor((height * BANNER_ASPECT.width) / BANNER_ASPECT.height));
  return BANNER_WIDTHS.filter((candidate) => candidate <= croppedWidth).at(-1) ?? BANNER_WIDTHS[0];
}

/**
 * Banner images in DATA_DIR/banners as `<hash>-<width>.webp`: cropped to the carousel's shape
 * (centre), in every width of BANNER_WIDTHS up to the picture's own, WebP.
 */
export class BannerImageStore {
  private readonly files: ContentFolder;

  constructor(dataDir: string) {
    this.files = new ContentFolder(path.join(dataDir, 'banners'));
  }

  /** Checks the real type and decodes; refusals are AppErrors (415, 400). Writes nothing. */
  async encode(upload: Buffer): Promise<EncodedBanner> {
    await assertAcceptedImage(upload);
    return reencodeImage(upload, async (image, sharp) => {
      const { width, height } = (await image.metadata()).autoOrient;
      const maxWidth = maxWidthFor(width, height);
      // Decoded and cropped once; every width is made from this master.
      const master = await image
        .resize(maxWidth, heightFor(maxWidth), { fit: 'cover' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const files = [];
      for (const target of bannerWidthsUpTo(maxWidth)) {
        const bytes = await sharp(master.data, { raw: master.info })
          .resize(target, heightFor(target))
          .webp({ quality: 80 })
          .toBuffer();
        files.push({ width: target, bytes });
      }
      const largest = files.at(-1);
      if (!largest) throw new Error('no banner width was made');
      return { hash: sha256Hex(largest.bytes), maxWidth, files };
    });
  }

  async save(banner: EncodedBanner): Promise<string> {
    for (const file of banner.files) await this.files.write(this.name(banner.hash, file.width), file.bytes);
    return bannerFileUrl(banner.hash, banner.maxWidth);
  }

  /** `name` is already checked against the contract's file pattern. */
  read(name: string): Promise<Buffer | undefined> {
    return this.files.read(name);
  }

  async remove(hash: string, maxWidth: number): Promise<void> {
    for (const width of bannerWidthsUpTo(maxWidth)) await this.files.remove(this.name(hash, width));
  }

  private name(hash: string, width: number): string {
    return `${hash}-${width}.webp`;
  }
}
