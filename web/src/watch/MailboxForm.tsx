import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../ui/toast';
import { fieldErrorOf, gateUnlessFieldError, mailboxQueryOptions, setFollowsMail, setMailbox } from './queries';
import { FieldError } from './FieldError';

/** Where the daily watchlist e-mail goes; an account signed up with a phone number sets one here. */
export function MailboxForm() {
  const { data } = useSuspenseQuery(mailboxQueryOptions());
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState('');
  const fieldId = useId();
  const errorId = useId();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => setMailbox(email),
    meta: { gate: 'off' },
    onSuccess: (d) => {
      queryClient.setQueryData(mailboxQueryOptions().queryKey, d);
      setEditing(false);
      toast('已保存接收邮箱', { tone: 'success' });
    },
    onError: gateUnlessFieldError,
  });
  const follows = useMutation({
    mutationFn: (on: boolean) => setFollowsMail(on),
    onSuccess: (d) => queryClient.setQueryData(mailboxQueryOptions().queryKey, d),
  });
  const error = fieldErrorOf(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!save.isPending) save.mutate();
  };
  const followsLine = data.email && (
    <p className="watch-mailbox">
      {data.follows_mail ? '关注的公司有新的融资事件或新闻时，也会写进这封邮件。' : '关注的公司的新动态不写进邮件。'}
      <button type="button" className="btn btn-ghost btn-sm" disabled={follows.isPending} onClick={() => follows.mutate(!data.follows_mail)}>
        {data.follows_mail ? '不再发送关注公司' : '发送关注公司'}
      </button>
    </p>
  );
  if (!editing) {
    return (
      <>
        <p className="watch-mailbox">
          {data.email ? (
            <>
              每个工作日上午10:00，有新匹配的订阅会汇总发送到 <b>{data.email}</b>。
            </>
          ) : (
            <>您的账号还没有邮箱，添加后才能收到每日订阅邮件。</>
          )}
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              setEmail(data.email ?? '');
              save.reset();
              setEditing(true);
            }}
          >
            {data.email ? '更换邮箱' : '添加邮箱'}
          </button>
        </p>
        {followsLine}
      </>
    );
  }
  return (
    <form className="watch-mailbox-form" onSubmit={submit} noValidate>
      <label htmlFor={fieldId}>接收订阅邮件的邮箱</label>
      <input id={fieldId} type="email" inputMode="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
      <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
        {save.isPending ? '保存中…' : '保存'}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)}>
        取消
      </button>
      <FieldError id={errorId} message={error} />
    </form>
  );
}
