import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route as TryRoute } from '../../../web/src/routes/saas/try';
import { errorBody, okBody, renderInApp, resetApp, stubApi, visit, type SeenRequest } from '../helpers';

beforeEach(() => {
  resetApp();
  visit('/saas/try');
});
afterEach(resetApp);

const TryPage = TryRoute.options.component!;
const PATH = 'POST /api/saas_app_examination';

async function openForm() {
  await renderInApp(<TryPage />);
  return screen.getByRole('form', { name: '申请试用表单' });
}

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input, textarea' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
const messages = () => screen.queryAllByRole('alert').map((a) => a.textContent);

function fillValid() {
  type('姓名', '王小明');
  type('邮箱', 'wang@example.com');
  type('公司名称', '杭州远景资本');
  type('职位', '投资总监');
  type('联系电话', '13912345678');
}

describe('the trial form', () => {
  it('an empty submit shows the message of every required field, sends nothing and focuses the first field', async () => {
    const seen = stubApi({});
    const form = await openForm();
    submit();
    expect(messages()).toEqual(['请输入姓名', '请输入邮箱地址', '请输入公司名称', '请输入您的职位', '请输入联系电话']);
    expect(form.getAttribute('data-status')).toBe('validating');
    expect(document.activeElement).toBe(field('姓名'));
    expect(field('姓名').getAttribute('aria-invalid')).toBe('true');
    expect(seen).toHaveLength(0);
  });

  it('asks for a correct e-mail, and the message follows the typing once a submit has failed', async () => {
    stubApi({});
    await openForm();
    fillValid();
    type('邮箱', 'wang.example.com');
    submit();
    expect(messages()).toEqual(['请输入正确的邮箱地址']);
    expect(document.activeElement).toBe(field('邮箱'));
    type('邮箱', 'wang@example.com');
    expect(messages()).toEqual([]);
    type('姓名', '');
    expect(messages()).toEqual(['请输入姓名']);
  });

  it("'同手机号' sends the phone number as weixin; weixin and need are otherwise optional", async () => {
    let body: SeenRequest['body'];
    stubApi({ [PATH]: (req) => ((body = req.body), { body: okBody({ id: 7, created_at: 1, repeat: false }) }) });
    await openForm();
    fillValid();
    type('微信号', 'wx_old');
    fireEvent.click(screen.getByRole('checkbox', { name: '同手机号' }));
    expect(field('微信号').disabled).toBe(true);
    // The phone may still change after ticking: the copy happens on submit.
    type('联系电话', '13800001111');
    submit();
    await screen.findByRole('dialog', { name: '申请提交成功' });
    expect(body).toEqual({ name: '王小明', email: 'wang@example.com', company_name: '杭州远景资本', position: '投资总监', phone: '13800001111', weixin: '13800001111', need: '' });
  });

  it('accepts a number outside the mainland with its country code and sends it as typed', async () => {
    let body: SeenRequest['body'];
    stubApi({ [PATH]: (req) => ((body = req.body), { body: okBody({ id: 9, created_at: 1, repeat: false }) }) });
    await openForm();
    fillValid();
    type('联系电话', '+852 9123 4567');
    submit();
    await screen.findByRole('dialog', { name: '申请提交成功' });
    expect(messages()).toEqual([]);
    expect(body).toMatchObject({ phone: '+852 9123 4567' });
  });

  it('keeps the mainland checks: a short +86 number or a bare short number is refused before sending', async () => {
    const seen = stubApi({});
    await openForm();
    fillValid();
    for (const phone of ['+86 12345', '12345', '+852']) {
      type('联系电话', phone);
      submit();
      await waitFor(() => expect(messages()).toEqual(['请输入正确的联系电话']));
    }
    expect(seen).toHaveLength(0);
  });

  it('without the tick, an empty weixin and need are sent as empty', async () => {
    let body: SeenRequest['body'];
    stubApi({ [PATH]: (req) => ((body = req.body), { body: okBody({ id: 8, created_at: 1, repeat: false }) }) });
    await openForm();
    fillValid();
    submit();
    await screen.findByRole('dialog', { name: '申请提交成功' });
    expect(body).toMatchObject({ weixin: '', need: '' });
  });

  it('shows submitting while the request is on its way, then the success pop-up whose button leads to /saas', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await gate;
        return new Response(JSON.stringify(okBody({ id: 9, created_at: 1, repeat: false })), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const form = await openForm();
    fillValid();
    submit();
    const busy = await screen.findByRole('button', { name: '提交中…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(form.getAttribute('data-status')).toBe('submitting');
    await act(async () => release());
    const dialog = await screen.findByRole('dialog', { name: '申请提交成功' });
    expect(form.getAttribute('data-status')).toBe('success');
    // The form is cleared for the next person.
    expect(field('姓名').value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: '返回产品首页' }));
    await waitFor(() => expect(window.location.pathname).toBe('/saas'));
  });

  it("puts the worker's field message under that field", async () => {
    stubApi({ [PATH]: { status: 400, body: { ...errorBody('BAD_REQUEST', '请输入正确的联系电话'), field: 'phone' } } });
    await openForm();
    fillValid();
    type('联系电话', '12345');
    submit();
    await waitFor(() => expect(messages()).toEqual(['请输入正确的联系电话']));
    expect(field('联系电话').getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field('联系电话').getAttribute('aria-describedby')!)!.textContent).toBe('请输入正确的联系电话');
  });

  it('shows a rate-limit answer above the button and lets the user try again', async () => {
    stubApi({ [PATH]: { status: 429, body: errorBody('RATE_LIMITED', '提交过于频繁，请60分钟后再试') } });
    const form = await openForm();
    fillValid();
    submit();
    await waitFor(() => expect(messages()).toEqual(['提交过于频繁，请60分钟后再试']));
    expect(form.getAttribute('data-status')).toBe('idle');
    expect((screen.getByRole('button', { name: '提交申请' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
