import { useEffect, useState } from 'react';
import { listSignedInTenants, type SignedInTenant } from '../../../data';

/** The tenants this device holds a session for (empty until read; read once per mount). */
export function useSignedInTenants(): SignedInTenant[] {
  const [tenants, setTenants] = useState<SignedInTenant[]>([]);
  useEffect(() => {
    let live = true;
    void listSignedInTenants().then((found) => live && setTenants(found));
    return () => {
      live = false;
    };
  }, []);
  return tenants;
}
