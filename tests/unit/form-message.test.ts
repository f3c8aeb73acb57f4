import { describe, expect, it } from 'vitest';
import { dropFieldError, editedFieldProblem, staleAfterEdit, type FormMessage } from '../../src/ui/form-message';

describe('staleAfterEdit', () => {
  it('drops an outcome at any edit: a saved form that changes is no longer the saved one', () => {
    expect(staleAfterEdit({ tone: 'success', text: 'Campus updated successfully!' }, 'name')).toBe(true);
    expect(staleAfterEdit({ tone: 'info', text: 'Nothing changed' }, '')).toBe(true);
  });

  it('drops an error when a field it blames changes, and keeps it for other fields', () => {
    const wrong: FormMessage = { tone: 'error', text: 'Invalid email or password', blames: ['email', 'password'] };
    expect(staleAfterEdit(wrong, 'password')).toBe(true);
    expect(staleAfterEdit(wrong, 'email')).toBe(true);
    expect(staleAfterEdit(wrong, 'remember')).toBe(false);
    expect(staleAfterEdit({ tone: 'warning', text: 'Check the range', blames: ['first'] }, 'first')).toBe(true);
  });

  it('drops an error that blames the whole form at any edit', () => {
    expect(staleAfterEdit({ tone: 'error', text: 'Fill in the form', blames: 'any' }, 'x')).toBe(true);
  });

  it('keeps an error that blames no field (the server refused, no connection) whatever the user edits', () => {
    expect(staleAfterEdit({ tone: 'error', text: 'Failed to save campus: offline' }, 'name')).toBe(false);
    expect(staleAfterEdit({ tone: 'error', text: 'Too many attempts.', blames: [] }, 'email')).toBe(false);
    expect(staleAfterEdit({ tone: 'warning', text: 'QR images encode the old name' }, 'name')).toBe(false);
  });
});

describe('field errors after an edit', () => {
  const problem = { message: 'All fields are required', fields: { first_name: 'Required', last_name: 'Required' } };

  it('drops only the edited field’s error', () => {
    expect(dropFieldError({ phone: 'Enter 10 digits', department: 'Pick one' }, 'phone')).toEqual({ department: 'Pick one' });
    const untouched = { phone: 'Enter 10 digits' };
    expect(dropFieldError(untouched, 'role')).toBe(untouched);
  });

  it('keeps the summary while a field it blames is still unedited, and drops it with the last one', () => {
    const after = editedFieldProblem(problem, 'first_name');
    expect(after).toEqual({ message: 'All fields are required', fields: { last_name: 'Required' } });
    expect(editedFieldProblem(after, 'last_name')).toBeNull();
  });

  it('leaves a summary alone when the edited field is not one it blames', () => {
    expect(editedFieldProblem(problem, 'phone')).toBe(problem);
    const unplaced = { message: 'Role is not allowed', fields: {} };
    expect(editedFieldProblem(unplaced, 'first_name')).toBe(unplaced);
    expect(editedFieldProblem(null, 'first_name')).toBeNull();
  });
});
