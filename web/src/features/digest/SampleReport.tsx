import { DIGEST_NAME } from '../../../../worker/src/digest/constants';
import { SAMPLE_DATE, SAMPLE_EVENTS, SAMPLE_NEWS, SAMPLE_WINDOW } from './sample';
import './sample-report.css';

/** What a subscriber receives, as a static sample: the e-mail's layout with three companies. */
export function SampleReport() {
  return (
    <article className="sample-report" aria-labelledby="sample-report-title">
      <header className="sample-report-head">
        <span className="sample-report-tag">日报样例</span>
        <h2 id="sample-report-title">{DIGEST_NAME}</h2>
        <p>
          {SAMPLE_DATE} · 本期覆盖 {SAMPLE_WINDOW}
        </p>
      </header>
      <section className="sample-report-section">
        <h3>融资事件</h3>
        <ol className="sample-events">
          {SAMPLE_EVENTS.map((e) => (
            <li key={e.company} className="sample-event">
              <div className="sample-event-main">
                <strong>{e.company}</strong>
                <span className="sample-event-des">{e.des}</span>
              </div>
              <dl className="sample-event-facts">
                <div>
                  <dt>轮次</dt>
                  <dd>{e.round}</dd>
                </div>
                <div>
                  <dt>金额</dt>
                  <dd>{e.money}</dd>
                </div>
                <div>
                  <dt>投资方</dt>
                  <dd>{e.investors.join('、')}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
      </section>
      <section className="sample-report-section">
        <h3>行业新闻</h3>
        <ul className="sample-news">
          {SAMPLE_NEWS.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </section>
    </article>
  );
}
