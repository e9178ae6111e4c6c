import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { WATCH_AREA_NAMES, WATCH_NAME_MAX, WATCHLIST_PATH, type WatchArea } from '../../../worker/src/watch/constants';
import { requireLogin } from '../lib/gate';
import { AppLink } from '../ui/AppLink';
import { Dialog } from '../ui/Dialog';
import { createSavedSearch, fieldErrorOf, gateUnlessFieldError, refreshSavedSearches } from './queries';
import './save-search-button.css';
import { FieldError } from './FieldError';

export interface SaveSearchButtonProps {
  /** The list call's path under /api. */
  area: WatchArea;
  /** The list call's own parameters as the page sends them (page is not kept). */
  query: Record<string, unknown>;
}

/** The name the dialog offers: the list's name and the filters given in words (ids say nothing to a reader). */
const suggestedName = (area: WatchArea, query: Record<string, unknown>) => {
  const words = Object.values(query).filter((v): v is string => typeof v === 'string' && v.trim() !== '' && !/^\d+$/.test(v));
  return `${WATCH_AREA_NAMES[area]}${words.length ? `：${words.join(' ')}` : ''}`.slice(0, WATCH_NAME_MAX);
};

/** '保存为订阅' on a filtered list: a visitor gets the login dialog; a user names the search and saves it. */
export function SaveSearchButton({ area, query }: SaveSearchButtonProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [saved, setSaved] = useState(false);
  const fieldId = useId();
  const errorId = useId();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => createSavedSearch({ name, area, query }),
    // A refused name or query is shown under the field; other codes (membership, login) go through the gate.
    meta: { gate: 'off' },
    onSuccess: () => {
      void refreshSavedSearches(queryClient);
      setSaved(true);
    },
    onError: (e) => {
      // The membership prompt or the login dialog takes the dialog's place.
      if (fieldErrorOf(e) === null) setOpen(false);
      gateUnlessFieldError(e);
    },
  });
  const start = () =>
    requireLogin(() => {
      setName(suggestedName(area, query));
      setSaved(false);
      save.reset();
      setOpen(true);
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!save.isPending) save.mutate();
  };
  const error = fieldErrorOf(save.error);
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm save-search-btn" onClick={start}>
        保存为订阅
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={saved ? '已保存为订阅' : '保存为订阅'}
        description={saved ? undefined : `当前${WATCH_AREA_NAMES[area]}列表的筛选条件有新的匹配时，会出现在“我的订阅”、每日订阅邮件和 Atom 订阅源中。`}
        size="sm"
      >
        {saved ? (
          <div className="save-search-done">
            <p>有新的匹配时会在“我的订阅”中提示。</p>
            <div className="save-search-actions">
              <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
                继续浏览
              </button>
              <AppLink href={WATCHLIST_PATH} className="btn btn-primary" onClick={() => setOpen(false)}>
                查看我的订阅
              </AppLink>
            </div>
          </div>
        ) : (
          <form className="save-search-form" onSubmit={submit} noValidate>
            <label htmlFor={fieldId}>订阅名称</label>
            <input
              id={fieldId}
              value={name}
              maxLength={WATCH_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <FieldError id={errorId} message={error} />
            <div className="save-search-actions">
              <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
                取消
              </button>
              <button type="submit" className="btn btn-primary" disabled={save.isPending}>
                {save.isPending ? '保存中…' : '保存'}
              </button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
