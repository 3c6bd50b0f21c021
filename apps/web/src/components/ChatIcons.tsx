import { Svg, type IconProps } from './Icons.tsx';

/** Icons of the chat screens; decorative like those in Icons.tsx. */
export const SendIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M21 3 10 14M21 3l-7 18-4-7-7-4z" />
  </Svg>
);
export const SmileIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
  </Svg>
);
export const BellIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 9a6 6 0 0 1 12 0c0 6 2.5 7.5 2.5 7.5h-17S6 15 6 9zM10 20a2 2 0 0 0 4 0" />
  </Svg>
);
export const BellOffIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M8.7 3.9A6 6 0 0 1 18 9c0 3 .6 4.9 1.3 6M17 16.5H3.5S6 15 6 9c0-.8.1-1.5.4-2.2M10 20a2 2 0 0 0 4 0M3 3l18 18" />
  </Svg>
);
/** A heart split in two: unmatch. */
export const HeartOffIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 20.5 4.6 13.4a4.9 4.9 0 0 1 6.9-6.9l.5.5.5-.5a4.9 4.9 0 0 1 6.9 6.9L12 20.5z" />
    <path d="m12 7-1.5 4 3 2-1.5 4" />
  </Svg>
);
export const ClockIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Svg>
);
/** One tick: stored. */
export const TickIcon = (p: IconProps) => (
  <Svg {...p} viewBox="0 0 24 16">
    <path d="m4 8 4 4 8-8" />
  </Svg>
);
/** Two ticks: delivered (read when highlighted). */
export const DoubleTickIcon = (p: IconProps) => (
  <Svg {...p} viewBox="0 0 24 16">
    <path d="m1.5 8 4 4 8-8M10 11l1 1 8-8" />
  </Svg>
);
export const ArrowDownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 5v14M5 12l7 7 7-7" />
  </Svg>
);
