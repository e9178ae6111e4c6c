import { createFileRoute } from '@tanstack/react-router';
import { AREAS } from '../features/layout/areas';
import { site } from '../lib/site';
import { AppLink } from '../ui/AppLink';

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  return (
    <>
      <section className="hero">
        <div className="hero-inner">
          <h1>{site.name} · {site.slogan}</h1>
          <p>面向投资人与研究者的一级市场数据：科创板、死亡公司、医疗健康投资专题数据库，以及投资管理工具。</p>
        </div>
      </section>
      <section className="container area-grid" aria-label="专题数据库">
        {AREAS.map((a) => (
          <AppLink key={a.key} href={a.href} className={`area-card area-${a.key}`}>
            <span className="area-tag">{a.label}</span>
            <h2>{a.title}</h2>
            <p>{a.summary}</p>
            <span className="area-go">进入 →</span>
          </AppLink>
        ))}
      </section>
      <section className="container home-notes">
        <div>
          <h3>游客</h3>
          <p>可浏览科创板首页与死亡公司首页列表；筛选、翻页与详情需登录。</p>
        </div>
        <div>
          <h3>注册用户</h3>
          <p>使用筛选、翻页、评论与上香；导出数据消耗桔子币。</p>
        </div>
        <div>
          <h3>VIP 会员</h3>
          <p>解锁信息披露、医疗产业图谱、每日动态订阅与完整翻页。</p>
        </div>
      </section>
    </>
  );
}
