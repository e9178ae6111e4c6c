import './share-message.css';

/** A share page that cannot show its content: not found, or the request failed. */
export function ShareMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="share-message" role="alert">
      <div className="share-message-icon" aria-hidden="true">
        ?
      </div>
      <h1>{title}</h1>
      <p>{text}</p>
    </div>
  );
}
