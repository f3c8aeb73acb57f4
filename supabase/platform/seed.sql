-- Platform demo data: staff profiles for the demo staff accounts, and the
-- plan, features, add-on subscriptions and licence of each demo tenant.
-- Idempotent; run as the database owner after the demo auth accounts exist
-- and the demo tenants are provisioned (seed.ts does both). Licence keys are
-- stored as SHA-256 digests; the clear keys are in supabase/local/demo.ts.

insert into public."Staff" (id, email, first_name, last_name, is_staff_admin, active)
select a.id, v.email, v.first_name, v.last_name, v.is_staff_admin, true
  from (values
    ('admin@lockstep.test', 'Avery', 'Admin', true),
    ('staff@lockstep.test', 'Sam', 'Support', false)
  ) as v (email, first_name, last_name, is_staff_admin)
  join auth.users a on lower(a.email) = v.email
on conflict (id) do nothing;

update public."Tenants" t
   set plan_name = v.plan_name, plan = v.plan_name, plan_interval = v.plan_interval,
       plan_amount_cents = v.plan_amount_cents, seats = v.seats, subscription_status = 'active',
       paid_until = date_trunc('month', now()) + interval '1 year', require_license = true,
       last_activity = now()
  from (values
    ('lincoln-isd', 'Professional', 'yearly', 99000, 150),
    ('riverside-college', 'Basic', 'monthly', 2900, 40)
  ) as v (slug, plan_name, plan_interval, plan_amount_cents, seats)
 where t.slug = v.slug and t.plan_name is null;

insert into public.tenant_features (tenant_id, feature_name, enabled, status)
select t.id, v.feature_name, true, 'active'
  from (values
    ('lincoln-isd', 'security_core'), ('lincoln-isd', 'transportation'), ('lincoln-isd', 'student_parking'),
    ('riverside-college', 'security_core'), ('riverside-college', 'student_parking')
  ) as v (slug, feature_name)
  join public."Tenants" t on t.slug = v.slug
on conflict (tenant_id, feature_name) do nothing;

insert into public.addon_subscriptions (tenant_id, addon_plan_id, status, subscribed_at)
select t.id, v.addon_plan_id, 'active', now() - interval '60 days'
  from (values
    ('lincoln-isd', 'transportation'), ('lincoln-isd', 'student_parking'), ('riverside-college', 'student_parking')
  ) as v (slug, addon_plan_id)
  join public."Tenants" t on t.slug = v.slug
on conflict (tenant_id, addon_plan_id) do nothing;

insert into public."LicenseKeys" (tenant_id, key_hash, key_last4, status, issued_by, max_seats, notes)
select t.id, encode(sha256(convert_to(v.clear_key, 'UTF8')), 'hex'), right(v.clear_key, 4), 'active',
       (select s.id from public."Staff" s where s.email = 'admin@lockstep.test'), t.seats, 'Auto-generated'
  from (values
    ('lincoln-isd', 'LNCN-7Q4D-M2XK-9H3T'),
    ('riverside-college', 'RVSD-K8P2-W5NB-4J7C')
  ) as v (slug, clear_key)
  join public."Tenants" t on t.slug = v.slug
 where not exists (select 1 from public."LicenseKeys" k where k.tenant_id = t.id and k.status = 'active');
