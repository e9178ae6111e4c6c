import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StageTracker } from '../../../web/src/features/starmarket/StageTracker';

afterEach(cleanup);

const stage = (time: string, state: number) => ({ time, state });
const statuses = () => screen.getAllByRole('listitem').map((li) => li.getAttribute('data-status'));

describe('StageTracker', () => {
  it('with empty times: the step before the first empty one is current, earlier ones finished, later ones waiting', () => {
    render(<StageTracker stages={[stage('2025-01-10', 1), stage('2025-02-01', 2), stage('', 3), stage('', 4), stage('', 5), stage('', 6)]} />);
    expect(statuses()).toEqual(['finished', 'current', 'waiting', 'waiting', 'waiting', 'waiting']);
    const current = screen.getAllByRole('listitem')[1];
    expect(current.getAttribute('aria-current')).toBe('step');
    // Each reached stage shows its date and the days since the previous one; waiting ones no date.
    expect(current.textContent).toContain('2025-02-01');
    expect(current.textContent).toContain('距上一阶段 22 天');
    expect(screen.getAllByRole('listitem')[2].textContent).not.toContain('距上一阶段');
    expect(screen.getByRole('list').className).not.toContain('is-stopped');
    // No stage names (spec §4).
    expect(screen.getByRole('list').textContent).not.toMatch(/受理|问询|注册|发行/);
  });

  it('with all times: the last step is current', () => {
    render(<StageTracker stages={['2023-01-01', '2023-02-01', '2023-05-01', '2023-05-10', '2023-06-01', '2023-07-01'].map((t, i) => stage(t, i + 1))} />);
    expect(statuses()).toEqual(['finished', 'finished', 'finished', 'finished', 'finished', 'current']);
    expect(screen.getAllByRole('listitem')[3].textContent).toContain('距上一阶段 9 天');
  });

  it.each([7, 8])('is stopped when a stage has state %i', (state) => {
    render(<StageTracker stages={[stage('2023-01-01', 1), stage('2023-03-01', state)]} />);
    const list = screen.getByRole('list');
    expect(list.className).toContain('is-stopped');
    expect(list.getAttribute('aria-label')).toBe('上市进程（已中止或终止）');
    expect(statuses()).toEqual(['finished', 'current']);
  });
});
