import { MOBILE_BREAKPOINT_PX } from '../constants/spec.ts';

/** Mobile below 992 px (spec 4, 9). */
export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT_PX;
}
