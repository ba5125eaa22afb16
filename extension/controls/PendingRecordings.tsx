import type { RecorderStatus } from '../../shared/messages/extension-messages';
import { Button } from '../../shared/ui';

/** The recordings waiting for the editor, each with a button that opens it there. */
export function PendingRecordings({
  pending,
  open,
}: {
  pending: RecorderStatus['pending'];
  open: (sessionId: string) => void;
}) {
  return (
    <section className="card" aria-labelledby="pending-title">
      <h2 id="pending-title">Waiting for the editor</h2>
      {pending.map((item) => (
        <div key={item.id} className="pending-item">
          <span>
            {item.name}
            {item.recovered ? ' (recovered)' : ''}
          </span>
          <Button size="small" onClick={() => open(item.id)}>
            Open
          </Button>
        </div>
      ))}
    </section>
  );
}
