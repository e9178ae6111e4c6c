/** The static sample daily report of /health-subscription (spec: a sample with three companies). */
export interface SampleEvent {
  company: string;
  des: string;
  round: string;
  money: string;
  investors: string[];
}

export const SAMPLE_DATE = '2026年11月23日（周一）';
export const SAMPLE_WINDOW = '11月20日至11月22日';

export const SAMPLE_EVENTS: readonly SampleEvent[] = [
  { company: '康华生物', des: '创新型单克隆抗体药物研发商', round: 'B轮', money: '2.5亿元', investors: ['高瓴资本', '红杉中国', '礼来亚洲基金'] },
  { company: '瑞影医疗', des: 'AI 医学影像辅助诊断平台', round: 'A+轮', money: '8000万元', investors: ['启明创投', '经纬创投'] },
  { company: '安心护理', des: '居家养老与康复护理服务商', round: '天使轮', money: '1500万元', investors: ['真格基金'] },
];

export const SAMPLE_NEWS: readonly string[] = [
  '康华生物完成2.5亿元B轮融资，加速双抗药物临床推进',
  '国家药监局发布创新医疗器械特别审查程序修订稿',
  '瑞影医疗肺结节 AI 产品获三类医疗器械注册证',
];
