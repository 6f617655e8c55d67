import './empty-note.css';

/** A list or section with nothing in it yet: one line in a dashed box. */
export function EmptyNote({ text, testId }: { text: string; testId: string }) {
  return (
    <p className="empty-note" data-testid={testId}>
      {text}
    </p>
  );
}
