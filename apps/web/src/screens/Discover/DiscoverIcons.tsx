import { Svg, type IconProps } from '../../components/Icons.tsx';

/** Icons only Discover uses; decorative like those in components/Icons.tsx. */
export const SkipIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m6 11 6-6 6 6M6 19l6-6 6 6" />
  </Svg>
);
export const VerifiedIcon = (p: IconProps) => (
  <Svg {...p} fill="currentColor" stroke="none">
    <path d="M12 1.8 14.6 4l3.4-.3.9 3.3 3 1.6-1.3 3.2 1.3 3.2-3 1.6-.9 3.3-3.4-.3L12 22.2 9.4 20l-3.4.3-.9-3.3-3-1.6 1.3-3.2-1.3-3.2 3-1.6.9-3.3 3.4.3z" />
    <path d="m8 12.2 2.7 2.7L16.2 9" fill="none" stroke="#fff" strokeWidth={2.2} />
  </Svg>
);
export const StarIcon = (p: IconProps) => (
  <Svg {...p} fill="currentColor" stroke="none">
    <path d="m12 2.8 2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
  </Svg>
);
export const FiltersIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 7h10M18 7h2M4 17h4M12 17h8" />
    <circle cx="16" cy="7" r="2" />
    <circle cx="10" cy="17" r="2" />
  </Svg>
);
