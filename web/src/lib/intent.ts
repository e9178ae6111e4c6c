import { useCallback, useState } from 'react';
import { newIntentKey } from './api';

/**
 * One Idempotency-Key per user intent: the same key for every retry of one confirmed action,
 * a fresh one after `renew()` (call it when the dialog opens again or the action succeeded).
 */
export function useIntentKey(): [key: string, renew: () => void] {
  const [key, setKey] = useState(newIntentKey);
  const renew = useCallback(() => setKey(newIntentKey()), []);
  return [key, renew];
}
