import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api';
import { TRIAL_FIELDS, TRIAL_LABEL, TRIAL_MAX, trialFieldErrors, type TrialField } from '../../../../worker/src/saas/rules';
import { trialMutationOptions } from './queries/trial';
import './trial-form.css';

/**
 * idle: nothing tried yet · validating: a submit found problems, messages follow every keystroke ·
 * submitting: the request is on its way · success: stored (the page shows the pop-up).
 */
export type TrialStatus = 'idle' | 'validating' | 'submitting' | 'success';

type Values = Record<TrialField, string>;
type Errors = Partial<Record<TrialField, string>>;

const EMPTY: Values = { name: '', email: '', company_name: '', position: '', phone: '', weixin: '', need: '' };

const PLACEHOLDER: Record<TrialField, string> = {
  name: '请输入姓名',
  email: '请输入邮箱地址',
  company_name: '请输入公司名称',
  position: '请输入您的职位',
  phone: '请输入联系电话',
  weixin: '请输入微信号（选填）',
  need: '请简单描述您的需求（选填）',
};

const AUTOCOMPLETE: Partial<Record<TrialField, string>> = { name: 'name', email: 'email', company_name: 'organization', position: 'organization-title', phone: 'tel' };
const REQUIRED: ReadonlySet<TrialField> = new Set(['name', 'email', 'company_name', 'position', 'phone']);

/** What is sent: 'same as phone' makes weixin the phone number at the moment of submitting. */
export const formToSend = (v: Values, sameAsPhone: boolean): Values => ({ ...v, weixin: sameAsPhone ? v.phone : v.weixin });

/**
 * The trial-application form (spec §3, rules §5 from the worker's shared rules module). Usable by
 * keyboard alone: labelled fields in order, Enter submits, the first field with a problem gets
 * the focus and each message is tied to its field.
 */
export function TrialForm({ phone, onSuccess }: { phone: boolean; onSuccess: () => void }) {
  const uid = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [sameAsPhone, setSameAsPhone] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<TrialStatus>('idle');
  const [formError, setFormError] = useState('');
  const refs = useRef<Partial<Record<TrialField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const mutation = useMutation(trialMutationOptions());

  const fieldId = (f: TrialField) => `${uid}-${f}`;
  const focusField = (f: TrialField | undefined) => f && refs.current[f]?.focus();

  const change = (f: TrialField, value: string) => {
    const next = { ...values, [f]: value };
    setValues(next);
    if (status === 'validating') setErrors(trialFieldErrors(formToSend(next, sameAsPhone)));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (status === 'submitting') return;
    const form = formToSend(values, sameAsPhone);
    const found = trialFieldErrors(form);
    setFormError('');
    if (Object.keys(found).length) {
      setErrors(found);
      setStatus('validating');
      focusField(TRIAL_FIELDS.find((f) => found[f]));
      return;
    }
    setErrors({});
    setStatus('submitting');
    mutation.mutate(form, {
      onSuccess: () => {
        setStatus('success');
        setValues(EMPTY);
        setSameAsPhone(false);
        onSuccess();
      },
      onError: (err) => {
        const field = isApiError(err) && typeof err.extra.field === 'string' ? (err.extra.field as TrialField) : undefined;
        if (field && TRIAL_FIELDS.includes(field)) {
          setErrors({ [field]: err.message });
          setStatus('validating');
          focusField(field);
        } else {
          setFormError(isApiError(err) ? err.message : '提交失败，请稍后重试');
          setStatus('idle');
        }
      },
    });
  };

  const field = (f: TrialField) => {
    const error = errors[f];
    const common = {
      id: fieldId(f),
      name: f,
      value: f === 'weixin' && sameAsPhone ? values.phone : values[f],
      placeholder: f === 'weixin' && sameAsPhone ? '与联系电话相同' : PLACEHOLDER[f],
      maxLength: TRIAL_MAX[f],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${fieldId(f)}-error` : undefined,
      'aria-required': REQUIRED.has(f) || undefined,
      onChange: (e: { target: { value: string } }) => change(f, e.target.value),
    };
    return (
      <div key={f} className={`trial-field trial-field-${f} ${error ? 'has-error' : ''}`}>
        <label htmlFor={fieldId(f)} className="trial-label">
          {REQUIRED.has(f) && (
            <span className="trial-required" aria-hidden="true">
              *
            </span>
          )}
          {TRIAL_LABEL[f]}
        </label>
        {f === 'need' ? (
          <textarea {...common} ref={(el) => void (refs.current[f] = el)} rows={phone ? 3 : 4} />
        ) : (
          <input
            {...common}
            ref={(el) => void (refs.current[f] = el)}
            type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
            inputMode={f === 'phone' ? 'tel' : f === 'email' ? 'email' : undefined}
            autoComplete={AUTOCOMPLETE[f] ?? 'off'}
            disabled={f === 'weixin' && sameAsPhone}
          />
        )}
        {f === 'weixin' && (
          <label className="trial-same">
            <input type="checkbox" checked={sameAsPhone} onChange={(e) => setSameAsPhone(e.target.checked)} />
            同手机号
          </label>
        )}
        <p id={`${fieldId(f)}-error`} className="trial-error" role={error ? 'alert' : undefined}>
          {error ?? ''}
        </p>
      </div>
    );
  };

  return (
    <form className={`trial-form ${phone ? 'trial-form-phone' : ''}`} noValidate onSubmit={submit} aria-label="申请试用表单" data-status={status}>
      <div className="trial-fields">{TRIAL_FIELDS.map(field)}</div>
      {formError && (
        <p className="trial-form-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="btn btn-primary trial-submit" disabled={status === 'submitting'} aria-busy={status === 'submitting'}>
        {status === 'submitting' ? '提交中…' : '提交申请'}
      </button>
    </form>
  );
}
