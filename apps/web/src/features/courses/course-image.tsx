import type { ImgHTMLAttributes } from 'react';
import { hideBrokenImage } from '@/lib/hide-broken-image';

/**
 * The artwork comes in 1600x1000 with 960- and 640-wide siblings named `<name>-960.webp` and `<name>-640.webp`:
 * a card on a phone gets the 640 one, a full-width picture on a phone (2-3 device pixels a CSS pixel) the 960 one,
 * where it used to fetch the 1600 one (the confirmation page's largest paint: 132 KB instead of 46). Images not
 * following that convention are used as they are.
 */
export function courseImageSources(image: string): { src: string; srcSet?: string } {
  if (!image.endsWith('.webp') || image.endsWith('-640.webp')) return { src: image };
  const name = image.slice(0, -5);
  return { src: image, srcSet: `${name}-640.webp 640w, ${name}-960.webp 960w, ${image} 1600w` };
}

type CourseImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt'> & {
  /** The course's picture, as the API names it. */
  image: string;
  /** How wide the picture is shown, for the browser to pick its size. */
  sizes: string;
};

/** A course's picture, decorative (the course is named beside it), in the box its size reserves. */
export function CourseImage({ image, ...img }: CourseImageProps) {
  return (
    <img
      {...courseImageSources(image)}
      width={1600}
      height={1000}
      alt=""
      loading="lazy"
      decoding="async"
      onError={hideBrokenImage}
      {...img}
    />
  );
}
