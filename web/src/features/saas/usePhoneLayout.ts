import { useSyncExternalStore } from 'react';

/** Below this width the SaaS and trial pages use their phone layout. */
export const PHONE_QUERY = '(max-width: 767px)';

const subscribe = (onChange: () => void) => {
  const mq = window.matchMedia(PHONE_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
};

/** True while the viewport is phone-sized; follows resizes and rotation. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE_QUERY).matches, () => false);
}
