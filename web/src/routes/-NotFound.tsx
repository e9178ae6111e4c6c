import { Link } from '@tanstack/react-router';

/** Any path no area has registered. Files prefixed with '-' are ignored by the route generator. */
export function NotFound() {
  return (
    <section className="not-found">
      <h1>页面不存在</h1>
      <p>您访问的页面不存在或已被移除。</p>
      <Link to="/" className="btn btn-primary">
        返回首页
      </Link>
    </section>
  );
}
