import { mutationOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import type { TrialApplication } from '../../../../../worker/src/saas/rules';

/**
 * The trial application (POST /api/saas_app_examination). The form shows failures itself (a
 * field's message under the field, anything else above the button), so the gate stays out.
 */
export const trialMutationOptions = () =>
  mutationOptions({
    mutationKey: ['saas', 'trial'],
    mutationFn: (form: TrialApplication) => unwrap(api.saas_app_examination.$post({ json: form })),
    meta: { gate: 'off' },
  });
