/** What a dialog shows while its data loads, or when loading failed (with Retry); nothing once it is ready. */
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Loading } from '../../../ui/loading';
import { errorText } from '../api';
import type { Resource } from '../hooks/use-resource';

export function ResourceStatus<T>({ resource, reload, what }: { resource: Resource<T>; reload: () => void; what: string }) {
  if (resource.status === 'loading') return <Loading label={`Loading ${what}...`} />;
  if (resource.status === 'error') {
    return (
      <Alert tone="error">
        <p>
          Failed to load the {what}: {errorText(resource.error, 'unknown error')}
        </p>
        <Button className="mt-2" size="sm" variant="secondary" onClick={reload}>
          Retry
        </Button>
      </Alert>
    );
  }
  return null;
}
