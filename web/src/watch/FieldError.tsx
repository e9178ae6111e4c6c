/** The worker's message for a refused field, under it (the field's aria-describedby names `id`). */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="save-search-error" role="alert">
      {message}
    </p>
  );
}
