import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination, pageWindow } from '../../../web/src/ui/Pagination';

afterEach(cleanup);

describe('Pagination', () => {
  it('renders nothing when everything fits on one page', () => {
    const { container, rerender } = render(<Pagination total={10} page={1} pageSize={10} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
    rerender(<Pagination total={0} page={1} pageSize={10} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
    rerender(<Pagination total={11} page={1} pageSize={10} onChange={() => {}} />);
    expect(screen.getByRole('navigation', { name: '分页' })).toBeTruthy();
  });

  it('goes to a clicked page, and prev / next move by one', () => {
    const onChange = vi.fn();
    render(<Pagination total={95} page={2} pageSize={10} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: '第 4 页' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
    // The current page is not a change.
    onChange.mockClear();
    fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('disables prev on the first page and next on the last', () => {
    const { rerender } = render(<Pagination total={30} page={1} pageSize={10} onChange={() => {}} />);
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<Pagination total={30} page={3} pageSize={10} onChange={() => {}} />);
    expect((screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('jumps to a typed page and clamps it to the last page', () => {
    const onChange = vi.fn();
    render(<Pagination total={200} page={1} pageSize={10} onChange={onChange} />);
    const box = screen.getByRole('spinbutton', { name: '跳转页码' });
    fireEvent.change(box, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onChange).toHaveBeenLastCalledWith(7);
    fireEvent.change(box, { target: { value: '999' } });
    fireEvent.submit(box.closest('form')!);
    expect(onChange).toHaveBeenLastCalledWith(20);
  });

  it('can hide the jumper', () => {
    render(<Pagination total={200} page={1} pageSize={10} onChange={() => {}} jumper={false} />);
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('shows the first, last and neighbouring pages with gaps', () => {
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(2, 8)).toEqual([1, 2, 3, 4, null, 8]);
  });
});
