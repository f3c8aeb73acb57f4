-- Staff management through the product API (issue 11): Staff rows are written
-- by the server alone, as Tenants already are (20261123000100_onboarding.sql).
-- A staff member is created together with their platform account and
-- deactivated together with a ban on it, which only the server (the
-- platform's service key) can do; a direct write from the browser would make
-- a Staff row without its account, or leave a deactivated member able to
-- sign in, and would skip the API's validation and its audit row.
-- Staff admins keep reading every Staff row; a staff member reads their own.

drop policy "staff admins create staff" on public."Staff";
drop policy "staff admins update staff" on public."Staff";
drop policy "staff admins delete staff" on public."Staff";
revoke insert, update, delete, truncate on public."Staff" from anon, authenticated;
