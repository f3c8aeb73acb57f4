/** "Start ... for a bus": an admin picks any bus, then opens its phone screen (the driver's own form). */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CacheRow } from '../../../data';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/controls';
import { busViewHref, type BusView } from './bus-screen';

export function BusPicker({ buses, view, label, action }: { buses: readonly CacheRow[]; view: BusView; label: string; action: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [busId, setBusId] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!buses.some((b) => b.id === busId)) {
          setError('Choose a bus.');
          return;
        }
        navigate(busViewHref(params, busId, view));
      }}
    >
      <div className="min-w-48 flex-1">
        <SelectField label={label} value={busId} error={error} onChange={(e) => (setBusId(e.target.value), setError(undefined))}>
          <option value="">Choose a bus</option>
          {buses.map((b) => (
            <option key={b.id} value={b.id}>
              {String(b.bus_number ?? b.id)}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit">{action}</Button>
    </form>
  );
}

export function sortedBuses(buses: readonly CacheRow[]): CacheRow[] {
  return [...buses]
    .filter((b) => !b.deleted_at)
    .sort((a, b) => String(a.bus_number ?? '').localeCompare(String(b.bus_number ?? ''), undefined, { numeric: true }));
}
