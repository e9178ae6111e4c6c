import { describe, expect, it } from 'vitest';
import { tagHref, viewMoreHref } from '../../../web/src/features/medical/healthLinks';
import { MAX_DEVICE_WIDTH, RESIZE_DELAY_MS, rootFontSize } from '../../../web/src/features/medical/useRootFontSize';

describe("the information tabs' 'view more' targets", () => {
  it('on a tag page: each tab its own list (policies by scope, news and events by tag name)', () => {
    expect(viewMoreHref('policy', '体外诊断')).toBe('/policy?scope=%E5%8C%BB%E7%96%97%E5%81%A5%E5%BA%B7');
    expect(viewMoreHref('news', '体外诊断')).toBe('/news?tag=%E4%BD%93%E5%A4%96%E8%AF%8A%E6%96%AD');
    expect(viewMoreHref('event', '体外诊断')).toBe('/investevent?tag=%E4%BD%93%E5%A4%96%E8%AF%8A%E6%96%AD');
  });

  it('on /health: the lists of the 医疗健康 scope', () => {
    expect(decodeURIComponent(viewMoreHref('policy'))).toBe('/policy?scope=医疗健康');
    expect(decodeURIComponent(viewMoreHref('news'))).toBe('/news?scope=医疗健康');
    expect(decodeURIComponent(viewMoreHref('event'))).toBe('/investevent?scope=医疗健康');
    expect(tagHref(101)).toBe('/health/101');
  });
});

describe('the phone page’s root font size', () => {
  it('is a tenth of the width, the width capped at 1120 device pixels; resizes settle for 300 ms', () => {
    expect(rootFontSize(375, 2)).toBe(37.5);
    expect(rootFontSize(414, 3)).toBeCloseTo(1120 / 3 / 10);
    expect(rootFontSize(1280, 1)).toBe(MAX_DEVICE_WIDTH / 10);
    expect(rootFontSize(1280, 2)).toBe(56);
    expect(rootFontSize(600, 0)).toBe(60);
    expect(RESIZE_DELAY_MS).toBe(300);
  });
});
