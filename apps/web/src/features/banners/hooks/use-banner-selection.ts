import { t } from 'i18next';
import { BANNER_MAX_BYTES, BANNER_MAX_IMAGES } from '@academy/contract';
import { useEffect, useRef, useState } from 'react';

/** An image chosen in the Banners tab: previewed from the device, then uploaded. */
export interface SelectedImage {
  id: string;
  file: File;
  /** An object URL of the file, for the preview. */
  previewUrl: string;
  /** The server's address once uploaded; null until then. */
  uploadedUrl: string | null;
}

/**
 * The Banners tab's selection (spec sections 4 and 5): at most three images; a choice that would
 * pass three is ignored silently; a file over 5 MB is refused at once, sparing a slow upload (the
 * server checks again, and checks what the bytes are).
 */
export function useBannerSelection() {
  const [images, setImages] = useState<SelectedImage[]>([]);
  // Previews are object URLs: released when the tab closes.
  const live = useRef<SelectedImage[]>([]);
  useEffect(() => {
    live.current = images;
  }, [images]);
  useEffect(() => () => live.current.forEach((image) => URL.revokeObjectURL(image.previewUrl)), []);

  /** Adds the chosen files; answers the refusals to show (empty when all were added or ignored). */
  const add = (files: File[]): string[] => {
    if (files.length === 0 || images.length + files.length > BANNER_MAX_IMAGES) return [];
    const refused = files.filter((file) => file.size > BANNER_MAX_BYTES).map((file) => `${file.name}: ${t('server.imageTooLarge')}`);
    const accepted = files
      .filter((file) => file.size <= BANNER_MAX_BYTES)
      .map((file) => ({ id: crypto.randomUUID(), file, previewUrl: URL.createObjectURL(file), uploadedUrl: null }));
    setImages((current) => [...current, ...accepted]);
    return refused;
  };

  const remove = (id: string) => {
    const image = images.find((item) => item.id === id);
    if (image) URL.revokeObjectURL(image.previewUrl);
    setImages((current) => current.filter((item) => item.id !== id));
  };

  /** Records the server's addresses of the images that were uploaded, in the order they were sent. */
  const markUploaded = (sent: SelectedImage[], urls: string[]) => {
    setImages((current) =>
      current.map((image) => {
        const index = sent.findIndex((item) => item.id === image.id);
        return index >= 0 ? { ...image, uploadedUrl: urls[index] ?? null } : image;
      }),
    );
  };

  /** After posting: the chosen images are now the login page's campaign. */
  const clear = () => {
    images.forEach((image) => URL.revokeObjectURL(image.previewUrl));
    setImages([]);
  };

  return { images, add, remove, markUploaded, clear };
}
