-- Photo evidence (issue 17): a private bucket whose objects are named
-- {table}/{row id}/{file name}, for door checks, incidents, maintenance
-- records and parking violations. Who may do what is decided here, on
-- storage.objects, exactly as on hosted Supabase:
--   read    whoever may read the row the photo belongs to;
--   add     any signed-in user, as themselves, to a row they may read;
--   replace only the photo's own uploader;
--   remove  the uploader, or a super admin.
-- 10 MB at most; JPEG, PNG and WebP (the app converts HEIC before upload).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('evidence', 'evidence', false, 10485760, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Whether the caller may read the row an evidence object is named after.
-- Security invoker: the row tables' own policies answer for the caller.
create function public.evidence_row_readable(object_name text) returns boolean
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  parts text[] := string_to_array(object_name, '/');
  row_id uuid;
begin
  if array_length(parts, 1) <> 3 or coalesce(parts[3], '') = '' then
    return false;
  end if;
  if parts[2] !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  row_id := parts[2]::uuid;
  return case parts[1]
    when 'door_log' then exists (select 1 from public.door_log r where r.id = row_id)
    when 'incidents' then exists (select 1 from public.incidents r where r.id = row_id)
    when 'maintenance_records' then exists (select 1 from public.maintenance_records r where r.id = row_id)
    when 'parking_violations' then exists (select 1 from public.parking_violations r where r.id = row_id)
    else false
  end;
end
$$;

grant execute on function public.evidence_row_readable(text) to anon, authenticated, service_role;

create policy "evidence: readers of the row read its photos" on storage.objects
  for select to authenticated
  using (bucket_id = 'evidence' and public.is_signed_in() and public.evidence_row_readable(name));

create policy "evidence: signed-in users add photos to rows they read" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'evidence'
    and public.is_signed_in()
    and owner_id = (select auth.uid())::text
    and public.evidence_row_readable(name)
  );

create policy "evidence: only the uploader replaces a photo" on storage.objects
  for update to authenticated
  using (bucket_id = 'evidence' and owner_id = (select auth.uid())::text)
  with check (bucket_id = 'evidence' and owner_id = (select auth.uid())::text and public.evidence_row_readable(name));

create policy "evidence: the uploader or a super admin removes a photo" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'evidence'
    and public.is_signed_in()
    and (owner_id = (select auth.uid())::text or public.has_any_role('super_admin'))
  );
