import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewsSearchBox } from '../../../web/src/features/closure/NewsSearchBox';
import { INPUT_DEBOUNCE_MS } from '../../../web/src/lib/debounce';

describe('NewsSearchBox', () => {
  afterEach(() => {
    vi.useRealTimers();
    cleanup();
  });
  it('reports the trimmed company name 300 ms after the last keystroke', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<NewsSearchBox value="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: '公司名称' });
    fireEvent.change(box, { target: { value: '单' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: ' 单车 ' } });
    act(() => vi.advanceTimersByTime(INPUT_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('单车');
    expect(INPUT_DEBOUNCE_MS).toBe(300);
  });
});
