import type { ReactNode, SVGProps } from 'react';

/**
 * A small stroke icon drawn for the site, from its shapes on a 24-unit grid; decorative, so hidden from assistive
 * technology. Each call is marked pure so that an icon no page uses is left out of the build.
 */
export function icon(shapes: ReactNode) {
  // biome-ignore lint/correctness/noComponentHookFactories: each icon is made once, as its module loads, never in a render.
  return function Icon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {shapes}
      </svg>
    );
  };
}

/** An icon whose mark, given as a path, is drawn inside a full-size ring. */
export function ringIcon(mark: string) {
  return icon(
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d={mark} />
    </>,
  );
}

export const InfoIcon = /* @__PURE__ */ ringIcon('M12 11v6M12 7.5v.01');

export const CheckCircleIcon = /* @__PURE__ */ ringIcon('m7.5 12.5 3 3 6-6.5');

export const WarningIcon = /* @__PURE__ */ icon(
  <>
    <path d="M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9v4.5M12 17v.01" />
  </>,
);

export const ErrorIcon = /* @__PURE__ */ ringIcon('m15 9-6 6M9 9l6 6');

export const EyeIcon = /* @__PURE__ */ icon(
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);

export const CloseIcon = /* @__PURE__ */ icon(<path d="M18 6 6 18M6 6l12 12" />);

export const ArrowLeftIcon = /* @__PURE__ */ icon(<path d="M19 12H5M11 18l-6-6 6-6" />);

export const ExternalIcon = /* @__PURE__ */ icon(
  <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />,
);

export const CheckIcon = /* @__PURE__ */ icon(<path d="m5 12.5 4.5 4.5L19 7.5" />);

export const UserIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
